import type { Database } from "~/db/client.server";
import { logError } from "~/security/log.server";
import { countJobFailure } from "~/metrics/metrics.server";

/**
 * Work that must happen even when nobody asks: every `everyMs` the job claims what is due and
 * does it, in every process (each job claims rows with FOR UPDATE SKIP LOCKED, so each piece is
 * done once). A job answers how many items it took; a full batch runs again at once.
 */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  /** The number of items taken this round; `batch` or more means "there may be more". */
  run: (db: Database) => Promise<number>;
  batch?: number;
}

export interface RunningJobs {
  /** Runs every job once now (tests, and after a wake-up). */
  runOnce: () => Promise<void>;
  /** Stops scheduling and waits for rounds in progress to finish. */
  stop: () => Promise<void>;
}

export function startJobs(db: Database, jobs: readonly BackgroundJob[]): RunningJobs {
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  const failing = new Set<string>();

  async function round(job: BackgroundJob): Promise<boolean> {
    try {
      const taken = await job.run(db);
      if (failing.delete(job.name)) console.log(`Background job ${job.name} works again.`);
      return taken >= (job.batch ?? Number.POSITIVE_INFINITY);
    } catch (error) {
      countJobFailure(job.name);
      // Logged once while it keeps failing (for example while the database is away).
      if (!failing.has(job.name)) {
        failing.add(job.name);
        logError(`Background job ${job.name} failed`, error);
      }
      return false;
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  function schedule(job: BackgroundJob, delay: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      void track(round(job)).then((more) => schedule(job, more ? 0 : job.everyMs));
    }, delay);
    // Background work never keeps a process alive on its own.
    timer.unref();
    timers.set(job.name, timer);
  }

  for (const job of jobs) schedule(job, Math.min(job.everyMs, 1_000));

  return {
    async runOnce() {
      for (const job of jobs) {
        while (await track(round(job))) {
          if (stopped) break;
        }
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
