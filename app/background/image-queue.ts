import { IMAGE_WORK_LIMITS } from "~/shared/limits";
import { ProblemError } from "~/shared/problems";

/**
 * Whose picture: the shop's owner (product photos), a visitor's address key, or the shop's own
 * background work (the drawings' PNGs, made once each), which waits for both.
 */
export type ImageWorkFor = { owner: true } | { address: string } | { background: true };

export const OWNER_WORK: ImageWorkFor = { owner: true };
export const BACKGROUND_WORK: ImageWorkFor = { background: true };

export const IMAGE_QUEUE_MESSAGES = {
  budget:
    "You have sent a lot of large photos in the last minute. Please try again in a minute, or send a smaller photo.",
  perAddress:
    "Your last photo is still being processed. Please wait for it before sending another.",
  full: "The shop is busy processing photos. Please try again in a moment.",
} as const;

const MINUTE = 60_000;

interface Waiting {
  start: () => void;
}

/**
 * The image queue (X-SEC-18, issue 36 item 3). One decode at a time in the process (a 40 MP decode
 * holds about 160 MB); the owner's work goes first, then visitors' addresses, the one that has
 * decoded least this minute first, then the shop's background work (the drawings), so an
 * address never has two decodes at once and cannot push another customer's photo behind all of
 * its own. A visitor's job is admitted or refused before it waits, by its size in megapixels (read
 * from the header, before any pixel is decoded): past the address's budget a minute, or with
 * `perAddress` of its photos already waiting or decoding, 429; with `waiting` visitors' photos
 * waiting in all, 503. Both with Retry-After. The job itself caps its decode in pixels and time.
 */
export function imageQueue(
  limits: {
    megapixelsPerMinute: number;
    perAddress: number;
    waiting: number;
    retryAfterSeconds: number;
  } = IMAGE_WORK_LIMITS,
  now: () => number = Date.now,
) {
  const owner: Waiting[] = [];
  const background: Waiting[] = [];
  /** Visitors' waiting jobs by address; the Map's order is whose turn is next. */
  const visitors = new Map<string, Waiting[]>();
  /** Jobs waiting or running per address. */
  const held = new Map<string, number>();
  /** Megapixels each address was admitted, with when. */
  const spent = new Map<string, { at: number; megapixels: number }[]>();
  let visitorsWaiting = 0;
  let running = false;

  function next() {
    if (running) return;
    let job = owner.shift();
    if (!job) {
      // The address that has decoded least this minute goes first (the first in line of equals):
      // a customer's small photo is not put behind an abuser's large ones.
      let turn: [string, Waiting[]] | undefined;
      let least = Number.POSITIVE_INFINITY;
      for (const entry of visitors) {
        const used = spentInWindow(entry[0]);
        if (used < least) [turn, least] = [entry, used];
      }
      if (turn) {
        const [address, jobs] = turn;
        job = jobs.shift();
        visitors.delete(address);
        if (jobs.length) visitors.set(address, jobs); // to the back of the line
        visitorsWaiting--;
      }
    }
    job ??= background.shift();
    if (!job) return;
    running = true;
    job.start();
  }

  function spentInWindow(address: string): number {
    const cutoff = now() - MINUTE;
    return (spent.get(address) ?? [])
      .filter((entry) => entry.at > cutoff)
      .reduce((sum, entry) => sum + entry.megapixels, 0);
  }

  /** Refuses a visitor's job before it waits, or charges its megapixels to the address. */
  function admit(address: string, megapixels: number) {
    const cutoff = now() - MINUTE;
    const entries = (spent.get(address) ?? []).filter((entry) => entry.at > cutoff);
    let used = entries.reduce((sum, entry) => sum + entry.megapixels, 0);
    if (used + megapixels > limits.megapixelsPerMinute) {
      // When enough of the minute's spending has aged out for this one to fit.
      let wait = MINUTE;
      for (const entry of entries) {
        used -= entry.megapixels;
        if (used + megapixels <= limits.megapixelsPerMinute) {
          wait = entry.at + MINUTE - now();
          break;
        }
      }
      spent.set(address, entries);
      throw new ProblemError("rate_limited", IMAGE_QUEUE_MESSAGES.budget, {
        retryAfter: Math.max(1, Math.ceil(wait / 1000)),
      });
    }
    if ((held.get(address) ?? 0) >= limits.perAddress) {
      throw new ProblemError("rate_limited", IMAGE_QUEUE_MESSAGES.perAddress, {
        retryAfter: limits.retryAfterSeconds,
      });
    }
    if (visitorsWaiting >= limits.waiting) {
      throw new ProblemError("unavailable", IMAGE_QUEUE_MESSAGES.full, {
        retryAfter: limits.retryAfterSeconds,
      });
    }
    entries.push({ at: now(), megapixels });
    spent.set(address, entries);
  }

  /**
   * Runs `job` when its turn comes. `megapixels` is the picture's width × height in millions,
   * read from its header; a visitor's job may be refused (a thrown ProblemError) instead.
   */
  /** When a photo (the owner's or a visitor's) last came or ended: the drawings wait for quiet. */
  let lastPhotoAt = Number.NEGATIVE_INFINITY;
  let photosHeld = 0;

  function work<T>(who: ImageWorkFor, megapixels: number, job: () => Promise<T>): Promise<T> {
    const address = "address" in who ? who.address : null;
    if (address !== null) admit(address, megapixels);
    const photo = !("background" in who);
    if (photo) {
      photosHeld++;
      lastPhotoAt = now();
    }
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          // The queue's books are kept before the caller hears, then the next job starts.
          const ended = () => {
            running = false;
            if (photo) {
              photosHeld--;
              lastPhotoAt = now();
            }
            if (address !== null) {
              const left = (held.get(address) ?? 1) - 1;
              if (left > 0) held.set(address, left);
              else held.delete(address);
            }
          };
          job()
            .then(
              (value) => {
                ended();
                resolve(value);
              },
              (error: unknown) => {
                ended();
                reject(error);
              },
            )
            .finally(next);
        },
      };
      if ("background" in who) background.push(waiting);
      else if (address === null) owner.push(waiting);
      else {
        held.set(address, (held.get(address) ?? 0) + 1);
        visitors.set(address, [...(visitors.get(address) ?? []), waiting]);
        visitorsWaiting++;
      }
      next();
    });
  }

  /** Milliseconds since the last photo came or ended; 0 while one waits or is decoded. */
  work.quietFor = (): number => (photosHeld > 0 ? 0 : now() - lastPhotoAt);
  return work;
}

export type ImageQueue = ReturnType<typeof imageQueue>;
