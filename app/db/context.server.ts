import { createContext, type RouterContextProvider } from "react-router";
import { type Database, getDb } from "./client.server";

/**
 * The database of the request, handed to every loader and action through React Router's
 * context: the root middleware puts the process's connection in, a test puts its own.
 */
export const dbContext = createContext<Database | null>(null);

/** The request's database (set by `provideDb` or by whoever built the context). */
export function dbFrom(context: Readonly<RouterContextProvider>): Database {
  const db = context.get(dbContext);
  if (!db) throw new Error("No database in the request context: is the root middleware in place?");
  return db;
}

/** Root middleware: the process's connection, unless the caller handed one in already. */
export async function provideDb(context: Readonly<RouterContextProvider>): Promise<void> {
  if (context.get(dbContext)) return;
  context.set(dbContext, await getDb());
}
