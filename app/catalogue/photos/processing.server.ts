import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { BackgroundJob } from "~/background/runner.server";
import type { Database } from "~/db/database";
import { productPhotos, type StoredRendition } from "~/db/schema";
import { logError } from "~/security/log.server";
import type { FileStore } from "~/storage/files.server";
import { announceCatalogueChange, catalogueChanged } from "../store.server";
import { makeRenditions } from "./images.server";
import { renditionKeyOf } from "./urls";
import { PHOTO_ATTEMPTS, PHOTO_CLAIM_MS } from "~/shared/limits";

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
