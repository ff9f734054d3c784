import type { RouterContextProvider } from "react-router";
import {
  connectionFailureCount,
  databaseAvailable,
  shortBreakResponse,
} from "./availability.server";
import { dbFrom, driverFrom } from "./context.server";

/**
 * Root middleware for every page and API request: while the database is away it answers 503
 * with a message for a person instead of an error (X-SCALE-5), and answers normally again as
 * soon as the database is back, without a restart. The database itself comes from the request
 * context, where the composition root (app/server/) put it.
 */
export async function databaseMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const db = dbFrom(context);
  if (!(await databaseAvailable(db))) return shortBreakResponse(request, driverFrom(context));
  const failuresBefore = connectionFailureCount();
  const response = await next();
  // A request during which the database went away gets the same message, whether it failed
  // (5xx) or carried on without what it could not read (the footer's review count).
  const suspect = response.status >= 500 || connectionFailureCount() !== failuresBefore;
  if (suspect && !(await databaseAvailable(db, true))) {
    return shortBreakResponse(request, driverFrom(context));
  }
  return response;
}
