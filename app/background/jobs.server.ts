import type { Database } from "~/db/client.server";
import { env } from "~/env.server";
import { deliverDueMail } from "~/mail/outbox.server";
import { recordConfirmationSent } from "~/orders/fulfil.server";
import { removeUnattachedPhotos } from "~/reviews/photos.server";
import { sweepRateLimits } from "~/security/rate-limit-stores.server";
import { type BackgroundJob, type RunningJobs, startJobs } from "./runner.server";

const MAIL_BATCH = 10;

/** Every job each process runs (ARCHITECTURE: "Back office and background work"). */
export function backgroundJobs(): BackgroundJob[] {
  return [
    {
      name: "outbox",
      everyMs: env().OUTBOX_POLL_MS,
      batch: MAIL_BATCH,
      run: (db) => deliverDueMail(db, { batch: MAIL_BATCH, onSent: recordConfirmationSent }),
    },
    { name: "rate-limit-sweep", everyMs: 60_000, run: sweepRateLimits },
    {
      name: "unattached-photos",
      everyMs: 10 * 60_000,
      batch: 100,
      run: (db) => removeUnattachedPhotos(db, 100),
    },
  ];
}

let running: RunningJobs | undefined;

/** Starts this process's background work once (the root middleware calls it on each request). */
export function startBackgroundWork(db: Database): RunningJobs | undefined {
  if (env().BACKGROUND_WORK === "off") return undefined;
  running ??= startJobs(db, backgroundJobs());
  return running;
}

export async function stopBackgroundWork(): Promise<void> {
  const jobs = running;
  running = undefined;
  await jobs?.stop();
}
