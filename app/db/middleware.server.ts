import type { RouterContextProvider } from "react-router";
import { startBackgroundWork } from "~/background/jobs.server";
import { databaseAvailable, shortBreakResponse } from "./availability.server";
import { dbFrom, provideDb } from "./context.server";

/**
 * Root middleware for every page and API request: hands the request its database, starts this
 * process's background work once, and while the database is away answers 503 with a message
 * for a person instead of an error (X-SCALE-5); it answers normally again as soon as the
 * database is back, without a restart.
 */
export async function databaseMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  try {
    await provideDb(context);
  } catch (error) {
    console.error("The database could not be opened:", error);
    return shortBreakResponse(request);
  }
  const db = dbFrom(context);
  if (!(await databaseAvailable(db))) return shortBreakResponse(request);
  startBackgroundWork(db);
  const response = await next();
  // A failure caused by the database going away mid-request gets the same message.
  if (response.status >= 500 && !(await databaseAvailable(db, true))) {
    return shortBreakResponse(request);
  }
  return response;
}
