import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { productOptions, productPhotos, products } from "~/catalogue/schema";
import { recordAudit } from "~/security/audit.server";
import { created, done, problem, type Result } from "~/shared/problems";
import { logError } from "~/security/log.server";
import { PRODUCT_PHOTO_LIMITS } from "~/shared/limits";
import type { FileStore } from "~/storage/files.server";
import { catalogueChanged } from "../store.server";
import { isProductId } from "../editing/product-input";
import { makeMaster, PhotoRefused } from "./images.server";
import { checkAlt, checkColor, PHOTO_MESSAGES, productColors } from "./photo-rules";
import { type OwnerPhoto, ownerPhoto, type PhotoRow } from "./urls";

/** The owner's photos of a product (X-PHOTO-1): add, order, describe, tag, delete; audited. */

const noProduct = (id: string) => problem("not_found", `No product has the id "${id}".`);

type Reader = Pick<Database, "select">;

async function rowsOf(db: Reader, productId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.createdAt));
}

/** A product's photos as the owner sees them, in order, or undefined for no such product. */
export async function listOwnerPhotos(
  db: Reader,
  productId: string,
): Promise<OwnerPhoto[] | undefined> {
  if (!isProductId(productId)) return undefined;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return undefined;
  return (await rowsOf(db, productId)).map(ownerPhoto);
}

async function colorsOf(db: Reader, productId: string): Promise<string[] | undefined> {
  if (!isProductId(productId)) return undefined;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return undefined;
  const options = await db
    .select({ colors: productOptions.colors })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  return productColors(options.map((option) => ({ colors: option.colors ?? undefined })));
}

const audited = (photo: OwnerPhoto) => ({
  id: photo.id,
  alt: photo.alt,
  color: photo.color,
  position: photo.position,
});

/**
 * POST /api/admin/products/:id/photos (multipart `file`, `alt`, `color?`): 201 the photo, in
 * "processing" until the background job has made its renditions. Checked in the order a person
 * would fix them: the product, the words, then the file; the 13th photo is refused.
 */
export async function addPhoto(
  db: Database,
  productId: string,
  form: FormData,
  actor: string,
  files: FileStore,
): Promise<Result<OwnerPhoto>> {
  const colors = await colorsOf(db, productId);
  if (!colors) return noProduct(productId);
  const alt = checkAlt(form.get("alt"));
  if (!alt.ok) return problem("invalid_input", alt.error);
  const color = checkColor(form.get("color"), colors);
  if (!color.ok) return problem("invalid_input", color.error);
  const file = form.get("file");
  if (!(file instanceof Blob)) return problem("invalid_input", PHOTO_MESSAGES.noFile);
  if (file.size > PRODUCT_PHOTO_LIMITS.bytes) return problem("too_large", PHOTO_MESSAGES.tooLarge);
  if ((await rowsOf(db, productId)).length >= PRODUCT_PHOTO_LIMITS.perProduct) {
    return problem("conflict", PHOTO_MESSAGES.tooMany);
  }

  let master;
  try {
    master = await makeMaster(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof PhotoRefused) return error.problem;
    logError("Could not read a product photo", error);
    return problem("unreadable", PHOTO_MESSAGES.unreadable);
  }

  const id = randomUUID();
  const masterKey = `product-photos/${id}/master`;
  await files.put(masterKey, master.bytes, master.contentType);
  const added = await db.transaction(async (tx): Promise<Result<OwnerPhoto>> => {
    // The product's row is the lock: two uploads at once cannot both be the 12th.
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!locked) return noProduct(productId);
    const [counted] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${productPhotos.position}), 0)::int`,
      })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId));
    if ((counted?.n ?? 0) >= PRODUCT_PHOTO_LIMITS.perProduct) {
      return problem("conflict", PHOTO_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(productPhotos)
      .values({
        id,
        productId,
        position: (counted?.last ?? 0) + 1,
        alt: alt.value,
        color: color.value,
        masterKey,
        width: master.width,
        height: master.height,
      })
      .returning();
    const photo = ownerPhoto(row!);
    await recordAudit(tx, {
      actor,
      action: "product.photo.add",
      subject: `product:${productId}`,
      before: null,
      after: audited(photo),
    });
    return created(photo);
  });
  if (!added.ok) await files.remove([masterKey]);
  return added;
}

/** PUT /api/admin/products/:id/photos `{order: [photoId, …]}`: every photo once; the photos. */
export async function reorderPhotos(
  db: Database,
  productId: string,
  body: unknown,
  actor: string,
): Promise<Result<OwnerPhoto[]>> {
  const order = (body as { order?: unknown } | null)?.order;
  if (!Array.isArray(order) || !order.every((id) => typeof id === "string")) {
    return problem("invalid_input", PHOTO_MESSAGES.badOrder);
  }
  if (!isProductId(productId)) return noProduct(productId);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!locked) return noProduct(productId);
    const before = await rowsOf(tx, productId);
    const ids = new Set(before.map((row) => row.id));
    if (order.length !== ids.size || new Set(order).size !== ids.size) {
      return problem("invalid_input", PHOTO_MESSAGES.badOrder);
    }
    if (!order.every((id) => ids.has(id as string)))
      return problem("invalid_input", PHOTO_MESSAGES.badOrder);
    for (const [index, id] of (order as string[]).entries()) {
      await tx
        .update(productPhotos)
        .set({ position: index + 1, updatedAt: sql`now()` })
        .where(eq(productPhotos.id, id));
    }
    const after = (await rowsOf(tx, productId)).map(ownerPhoto);
    await recordAudit(tx, {
      actor,
      action: "product.photo.order",
      subject: `product:${productId}`,
      before: { order: before.map((row) => row.id) },
      after: { order },
    });
    await catalogueChanged(tx, db);
    return done(after);
  });
}

/** Moves a photo one place earlier or later (the owner's page without JavaScript). */
export async function movePhoto(
  db: Database,
  productId: string,
  photoId: string,
  step: -1 | 1,
  actor: string,
): Promise<Result<OwnerPhoto[]>> {
  const rows = await rowsOf(db, productId);
  const at = rows.findIndex((row) => row.id === photoId);
  if (at === -1) return problem("not_found", PHOTO_MESSAGES.noPhoto);
  const to = at + step;
  if (to < 0 || to >= rows.length) return done(rows.map(ownerPhoto));
  const order = rows.map((row) => row.id);
  [order[at], order[to]] = [order[to]!, order[at]!];
  return reorderPhotos(db, productId, { order }, actor);
}

/** PATCH /api/admin/products/:id/photos/:photoId `{alt?, color?}`: the photo. */
export async function updatePhoto(
  db: Database,
  productId: string,
  photoId: string,
  body: unknown,
  actor: string,
): Promise<Result<OwnerPhoto>> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return problem("invalid_input", "Send {alt?, color?} as JSON.");
  }
  const input = body as { alt?: unknown; color?: unknown };
  const colors = await colorsOf(db, productId);
  if (!colors) return noProduct(productId);
  const alt = "alt" in input ? checkAlt(input.alt) : undefined;
  if (alt && !alt.ok) return problem("invalid_input", alt.error);
  const color = "color" in input ? checkColor(input.color, colors) : undefined;
  if (color && !color.ok) return problem("invalid_input", color.error);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productPhotos)
      .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
      .for("update");
    if (!before) return problem("not_found", PHOTO_MESSAGES.noPhoto);
    const [row] = await tx
      .update(productPhotos)
      .set({
        ...(alt?.ok && { alt: alt.value }),
        ...(color?.ok && { color: color.value }),
        updatedAt: sql`now()`,
      })
      .where(eq(productPhotos.id, photoId))
      .returning();
    const photo = ownerPhoto(row!);
    await recordAudit(tx, {
      actor,
      action: "product.photo.update",
      subject: `product:${productId}`,
      before: audited(ownerPhoto(before)),
      after: audited(photo),
    });
    await catalogueChanged(tx, db);
    return done(photo);
  });
}

/** DELETE /api/admin/products/:id/photos/:photoId: 200; its files go after the commit. */
export async function deletePhoto(
  db: Database,
  productId: string,
  photoId: string,
  actor: string,
  files: FileStore,
): Promise<Result<{ deleted: string }>> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(productPhotos)
      .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
      .returning();
    if (!row) return problem("not_found", PHOTO_MESSAGES.noPhoto);
    await recordAudit(tx, {
      actor,
      action: "product.photo.delete",
      subject: `product:${productId}`,
      before: audited(ownerPhoto(row)),
      after: null,
    });
    await catalogueChanged(tx, db);
    return done({ deleted: photoId });
  });
  if (deleted.ok) await files.removePrefix(`product-photos/${photoId}/`);
  return deleted;
}
