import { createContext, type RouterContextProvider } from "react-router";
import type { Env } from "~/shared/settings";
import type { Clock } from "~/shared/clock";
import type { Database, DatabaseDriver } from "./database";

/**
 * The database of the request, handed to every loader and action through React Router's
 * context. The composition root (app/server/) puts the process's connection in; a test puts its
 * own. Nothing opens the database on a request's behalf.
 */
export const dbContext = createContext<Database | null>(null);

/** Which driver the request's database runs on (the health check says it). */
export const driverContext = createContext<DatabaseDriver | null>(null);

/** The request's database (set by whoever built the context). */
export function dbFrom(context: Readonly<RouterContextProvider>): Database {
  const db = context.get(dbContext);
  if (!db) throw new Error("No database in the request context: was it built by app/server/?");
  return db;
}

export function driverFrom(context: Readonly<RouterContextProvider>): DatabaseDriver {
  const driver = context.get(driverContext);
  if (!driver) throw new Error("No database driver in the request context.");
  return driver;
}

/**
 * The shop's validated settings (X-ARCH-1): read once from the environment by the composition
 * root (app/server/env.server.ts) and handed to every request; nothing else reads the environment.
 */
export const settingsContext = createContext<Env | null>(null);

export function settingsFrom(context: Readonly<RouterContextProvider>): Env {
  const settings = context.get(settingsContext);
  if (!settings)
    throw new Error("No settings in the request context: was it built by app/server/?");
  return settings;
}

/** The shop's clock: the time business rules (expiry, windows) count from. A test may set its own. */
export const clockContext = createContext<Clock | null>(null);

export function clockFrom(context: Readonly<RouterContextProvider>): Clock {
  const clock = context.get(clockContext);
  if (!clock) throw new Error("No clock in the request context: was it built by app/server/?");
  return clock;
}
