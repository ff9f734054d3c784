import { randomUUID } from "node:crypto";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import type { BackgroundJob } from "~/background/runner.server";
import type { Database } from "~/db/database";
import { productPhotos, type StoredRendition } from "~/catalogue/schema";
import { logError } from "~/security/log.server";
import { ProblemError } from "~/shared/problems";
import type { FileStore } from "~/storage/files.server";
import { announceCatalogueChange, catalogueChanged } from "../store.server";
import { makeEmailRenditions, makeRenditions } from "./images.server";
import { renditionKeyOf } from "./urls";
import {
  EMAIL_BACKFILL_BATCH,
  EMAIL_BACKFILL_EVERY_MS,
  PHOTO_ATTEMPTS,
  PHOTO_CLAIM_MS,
} from "~/shared/limits";

export interface ProcessOptions {
  claimMs?: number;
  /** Test hook: runs after the renditions are made, before they are stored. */
  beforeFinish?: () => Promise<void>;
}

interface Claim {
  id: string;
  token: string;
  masterKey: string;
  width: number;
  height: number;
  attempts: number;
}

/**
 * Claims the oldest photo waiting to be processed whose claim (if any) has run out, with FOR
 * UPDATE SKIP LOCKED so two processes asking at once get different photos (or one gets none),
 * and marks it with a fresh token until now + claimMs.
 */
async function claimPhoto(db: Database, claimMs: number): Promise<Claim | null> {
  const token = randomUUID();
  const [row] = await db
    .update(productPhotos)
    .set({
      claimToken: token,
      claimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`,
      attempts: sql`${productPhotos.attempts} + 1`,
    })
    .where(
      sql`${productPhotos.id} IN (
        SELECT id FROM product_photos
        WHERE status = 'processing' AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
  if (!row) return null;
  const { id, masterKey, width, height, attempts } = row;
  return { id, token, masterKey, width, height, attempts };
}

/** Marks the photo failed, if the claim still holds. */
async function markFailed(db: Database, claim: Claim): Promise<void> {
  await db
    .update(productPhotos)
    .set({ status: "failed", claimToken: null, claimedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(productPhotos.id, claim.id), eq(productPhotos.claimToken, claim.token)));
}

/**
 * One round of the photo job (X-PHOTO-2): claims one photo, makes its renditions and placeholder
 * (one sharp job at a time in this process), stores the files under hashed keys, and marks the
 * photo ready only if this claim still holds: a process whose claim ran out while it worked (and
 * another took the photo) changes nothing, so each photo is finished exactly once. Answers 1
 * when it took a photo, 0 when none was waiting.
 */
export async function processNextPhoto(
  db: Database,
  files: FileStore,
  options: ProcessOptions = {},
) {
  const claim = await claimPhoto(db, options.claimMs ?? PHOTO_CLAIM_MS);
  if (!claim) return 0;
  if (claim.attempts > PHOTO_ATTEMPTS) {
    // Its claims kept running out (a process killed each time it tried): stop trying.
    await markFailed(db, claim);
    return 1;
  }
  try {
    const master = await files.get(claim.masterKey);
    if (!master) {
      await markFailed(db, claim);
      return 1;
    }
    const made = await makeRenditions(master.bytes, claim.width, claim.height);
    await options.beforeFinish?.();
    const renditions: StoredRendition[] = [];
    for (const rendition of made.renditions) {
      const key = renditionKeyOf(claim.id, rendition, rendition.hash);
      await files.put(key, rendition.bytes, `image/${rendition.format}`);
      renditions.push({
        format: rendition.format,
        width: rendition.width,
        height: rendition.height,
        key,
      });
    }
    const ready = await db.transaction(async (tx) => {
      const finished = await tx
        .update(productPhotos)
        .set({
          status: "ready",
          renditions,
          placeholder: made.placeholder,
          claimToken: null,
          claimedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(productPhotos.id, claim.id),
            eq(productPhotos.claimToken, claim.token),
            eq(productPhotos.status, "processing"),
          ),
        )
        .returning({ id: productPhotos.id });
      // The storefront shows the photo from the next look at the catalogue (within 1 s).
      if (finished.length) await catalogueChanged(tx, db);
      return finished.length > 0;
    });
    // This process's page cache forgets its pages at once (no request carried the change).
    if (ready) announceCatalogueChange();
    // A photo deleted while it was processed leaves no files behind.
    const [still] = await db
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.id, claim.id));
    if (!still) await files.removePrefix(`product-photos/${claim.id}/`);
  } catch (error) {
    logError(`Could not process product photo ${claim.id}`, error);
    if (claim.attempts >= PHOTO_ATTEMPTS) await markFailed(db, claim);
  }
  return 1;
}

/** The background job (app/server/jobs.server.ts): every second, one photo a round. */
export const productPhotoJob = (files: FileStore): BackgroundJob => ({
  name: "product-photos",
  everyMs: 1_000,
  batch: 1,
  run: (db) => processNextPhoto(db, files),
});

/** A ready photo's renditions hold no JPEG: it was made before the e-mails' JPEGs existed. */
const lacksEmailJpeg = sql`NOT (${productPhotos.renditions} @> '[{"format":"jpeg"}]'::jsonb)`;

/** Photos this process could not backfill (their master is gone): not tried again until restart. */
const unbackfillable = new Set<string>();

/**
 * The e-mail renditions' backfill (X-SAFE-3, docs/operations.md "Upgrades"): ready photos stored
 * before the e-mails' JPEGs existed (their e-mails show the drawing) get them from their master,
 * `batch` at a time, oldest first, as the image queue's background work (after any owner's or
 * visitor's photo). The row gains the JPEGs only while it still lacks them, so two processes, or
 * a second run, change nothing more; a photo deleted meanwhile leaves no files. Answers how many
 * photos it took.
 */
export async function backfillEmailRenditions(
  db: Database,
  files: FileStore,
  batch = EMAIL_BACKFILL_BATCH,
): Promise<number> {
  const skipped = [...unbackfillable];
  const rows = await db
    .select({
      id: productPhotos.id,
      masterKey: productPhotos.masterKey,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .where(
      and(
        eq(productPhotos.status, "ready"),
        lacksEmailJpeg,
        skipped.length ? notInArray(productPhotos.id, skipped) : undefined,
      ),
    )
    .orderBy(asc(productPhotos.createdAt), asc(productPhotos.id))
    .limit(batch);
  for (const row of rows) {
    try {
      const master = await files.get(row.masterKey);
      if (!master) {
        unbackfillable.add(row.id);
        logError(
          `Could not make the e-mail renditions of product photo ${row.id}`,
          new Error("its master file is missing; its e-mails keep showing the drawing"),
        );
        continue;
      }
      const jpegs: StoredRendition[] = [];
      for (const jpeg of await makeEmailRenditions(master.bytes, row.width, row.height)) {
        const key = renditionKeyOf(row.id, jpeg, jpeg.hash);
        await files.put(key, jpeg.bytes, "image/jpeg");
        jpegs.push({ format: "jpeg", width: jpeg.width, height: jpeg.height, key });
      }
      const added = await db.transaction(async (tx) => {
        const updated = await tx
          .update(productPhotos)
          .set({
            renditions: sql`${productPhotos.renditions} || ${JSON.stringify(jpegs)}::jsonb`,
            updatedAt: sql`now()`,
          })
          .where(
            and(eq(productPhotos.id, row.id), eq(productPhotos.status, "ready"), lacksEmailJpeg),
          )
          .returning({ id: productPhotos.id });
        if (updated.length) await catalogueChanged(tx, db);
        return updated.length > 0;
      });
      if (added) announceCatalogueChange();
      const [still] = await db
        .select({ id: productPhotos.id })
        .from(productPhotos)
        .where(eq(productPhotos.id, row.id));
      if (!still) await files.removePrefix(`product-photos/${row.id}/`);
    } catch (error) {
      // The bucket not answering (X-SAFE-6): the round stops and the photo is tried again later.
      if (error instanceof ProblemError && error.problem.kind === "unavailable") throw error;
      unbackfillable.add(row.id);
      logError(`Could not make the e-mail renditions of product photo ${row.id}`, error);
    }
  }
  return rows.length;
}

/** The backfill's background job (app/server/jobs.server.ts). */
export const emailRenditionsJob = (files: FileStore): BackgroundJob => ({
  name: "email-renditions",
  everyMs: EMAIL_BACKFILL_EVERY_MS,
  batch: EMAIL_BACKFILL_BATCH,
  run: (db) => backfillEmailRenditions(db, files),
});
