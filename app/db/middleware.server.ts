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
  const broke = connectionFailureCount() !== failuresBefore;
  // A request that failed while a connection broke under it failed because of the break, even
  // when the database is back by the time it is probed (a restart can take a quarter of a
  // second): the same message, so the buyer tries again (issue 40, X-SAFE-5).
  if (response.status >= 500 && broke) return shortBreakResponse(request, driverFrom(context));
  // A request during which the database went away gets the same message, whether it failed
  // (5xx) or carried on without what it could not read (the footer's review count).
  const suspect = response.status >= 500 || broke;
  if (suspect && !(await databaseAvailable(db, true))) {
    return shortBreakResponse(request, driverFrom(context));
  }
  return response;
}
