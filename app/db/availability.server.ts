import { sql } from "drizzle-orm";
import type { Database, DatabaseDriver } from "./database";
import { PROBE_EVERY_MS } from "~/shared/limits";

/** What a person sees while the database is away (X-SCALE-5). */
export const SHORT_BREAK = "The shop is having a short break. Please try again in a minute.";

let now: () => number = Date.now;
let lastProbe: { at: number; up: boolean } | undefined;
let probing: Promise<boolean> | undefined;
let suspect = false;
let connectionFailures = 0;

/**
 * Sets the clock the probe interval is measured on (milliseconds, as `Date.now`); no argument
 * puts the real clock back. Tests advance their own clock instead of waiting a second.
 */
export function setAvailabilityClock(clock: () => number = Date.now): void {
  now = clock;
}

/**
 * Called when a connection to the database breaks (the server shut down or restarted): the
 * next request probes at once instead of trusting the last answer.
 */
export function markDatabaseSuspect(): void {
  suspect = true;
  connectionFailures += 1;
}

/** How many broken connections this process has seen: a request compares before and after. */
export function connectionFailureCount(): number {
  return connectionFailures;
}

/** Errors that mean the server is away, not that a query was wrong. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (/^(08|57P)/.test(code) || code.startsWith("ECONN"))) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection timeout|ECONNREFUSED|ECONNRESET/i.test(message);
}

/**
 * Whether the database answers, probed with `select 1` at most once a second per process
 * (`fresh` probes now, after a request failed). While it is down, each second brings a new
 * probe, so the shop comes back by itself when the database does.
 */
export async function databaseAvailable(db: Database, fresh = false): Promise<boolean> {
  if (!fresh && !suspect && lastProbe && now() - lastProbe.at < PROBE_EVERY_MS) {
    return lastProbe.up;
  }
  suspect = false;
  probing ??= db
    .execute(sql`select 1`)
    .then(
      () => true,
      (error: unknown) => {
        if (lastProbe?.up !== false) {
          console.error("The database is not reachable:", (error as Error).message);
        }
        return false;
      },
    )
    .then((up) => {
      if (up && lastProbe?.up === false) console.log("The database is back.");
      lastProbe = { at: now(), up };
      probing = undefined;
      return up;
    });
  return probing;
}

/** The 503 answer while the database is away: JSON for the API, a short page for people. */
export function shortBreakResponse(request: Request, driver: DatabaseDriver): Response {
  const url = new URL(request.url);
  const headers = { "Retry-After": "30", "Cache-Control": "no-store" };
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) {
    const body =
      url.pathname === "/api/health"
        ? { ok: false, db: driver, error: SHORT_BREAK }
        : { error: SHORT_BREAK };
    return Response.json(body, { status: 503, headers });
  }
  const page = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A short break · GRIP TRUTH</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f5f1ea;color:#0b0b0c}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:2rem;text-transform:uppercase}a{color:#b3261e}</style>
</head><body><main><h1>A short break</h1><p>${SHORT_BREAK}</p><p><a href="${url.pathname}">Try again</a></p></main></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}
