import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { testDb, theShop, useOtherProcessDb } from "./shop";
import { productReviews, reviewPhotos } from "~/db/schema";
import { env } from "~/server/env.server";
import { PhotoRejected, removeUnattachedPhotos, storePhoto } from "~/reviews/photos.server";
import * as reviewsRoute from "~/routes/api.product-reviews";
import * as uploadsApi from "~/routes/api.uploads";
import * as uploadsRoute from "~/routes/uploads";
import { call, postJson } from "./helpers";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const otherProcessDb = useOtherProcessDb(5);

let address = 0;
// The browser that uploads and reviews (its uploader cookie, X-SEC-15) unless a test says otherwise.
const BROWSER = `gt_uploader=${"a".repeat(43)}`;
const OTHER_BROWSER = `gt_uploader=${"z".repeat(43)}`;
async function photo(seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed % 255, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
}
async function upload(
  bytes: Buffer,
  db?: Database,
  { client = `192.0.2.${++address}`, cookie = BROWSER }: { client?: string; cookie?: string } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "p.png");
  const encoded = new Response(form);
  return call(
    uploadsApi.action,
    "/api/uploads",
    {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type")!,
        "x-client-address": client,
        ...(cookie ? { cookie } : {}),
      },
      body: await encoded.arrayBuffer(),
    },
    {},
    db,
  );
}
const serve = (file: string, db?: Database, cookie: string | null = BROWSER) =>
  call(uploadsRoute.loader, `/uploads/${file}`, cookie ? { headers: { cookie } } : undefined, { file }, db);
const review = (photoUrls: string[], cookie: string | null = BROWSER) =>
  call(
    reviewsRoute.action,
    "/api/products/mens-england-no-gi-set/reviews",
    postJson(
      {
        customer_name: "Sam",
        customer_email: "sam@example.com",
        rating: 5,
        review_text: "Good photo.",
        photo_urls: photoUrls,
      },
      { "x-client-address": `192.0.2.${++address}`, ...(cookie ? { cookie } : {}) },
    ),
    { productId: "mens-england-no-gi-set" },
  );

describe(`review photos in the database (${driver})`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(productReviews);
    await db.delete(reviewPhotos);
  });

  it("X-SCALE-3: a photo uploaded to one process is served by another, with its thumbnail, cached for good", async () => {
    const response = await upload(await photo(1));
    expect(response.status).toBe(201);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    const other = await otherProcessDb();
    const file = fileUrl.slice("/uploads/".length);
    for (const name of [file, file.replace(".webp", "-thumb.webp")]) {
      const served = await serve(name, other);
      expect(served.status).toBe(200);
      // Not on a review yet: only for its uploader, never kept by a cache (X-SEC-6).
      expect(served.headers.get("cache-control")).toBe("private, no-store");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    }
    expect((await serve(`${randomUUID()}.webp`, other)).status).toBe(404);
  });

  it("X-SCALE-3: photos not attached to a review within 24 hours are removed; attached ones stay", async () => {
    const db = await testDb();
    const urls: string[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await upload(await photo(n));
      urls.push(((await response.json()) as { fileUrl: string }).fileUrl);
    }
    const [attached, stale, fresh] = urls as [string, string, string];
    const review = await call(
      reviewsRoute.action,
      "/api/products/mens-england-no-gi-set/reviews",
      postJson(
        {
          customer_name: "Sam",
          customer_email: "sam@example.com",
          rating: 5,
          review_text: "Good photo.",
          photo_urls: [attached],
        },
        { "x-client-address": "192.0.2.250", cookie: BROWSER },
      ),
      { productId: "mens-england-no-gi-set" },
    );
    expect(review.status).toBe(201);
    const idOf = (url: string) => url.slice("/uploads/".length, -".webp".length);
    // The attached photo and one unattached photo were uploaded two days ago.
    await db
      .update(reviewPhotos)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(sql`${reviewPhotos.id} IN (${idOf(attached)}, ${idOf(stale)})`);
    expect(await removeUnattachedPhotos(db, theShop().files)).toBe(1);
    const left = (await db.select({ id: reviewPhotos.id }).from(reviewPhotos)).map((r) => r.id);
    expect(left.sort()).toEqual([idOf(attached), idOf(fresh)].sort());
    expect((await serve(`${idOf(stale)}.webp`)).status).toBe(404);
    expect(await removeUnattachedPhotos(db, theShop().files)).toBe(0);
    // A review naming a removed photo is refused with a message, not stored.
    const late = await call(
      reviewsRoute.action,
      "/api/products/mens-england-no-gi-set/reviews",
      postJson(
        {
          customer_name: "Sam",
          customer_email: "sam@example.com",
          rating: 4,
          review_text: "Late.",
          photo_urls: [stale],
        },
        { "x-client-address": "192.0.2.251", cookie: BROWSER },
      ),
      { productId: "mens-england-no-gi-set" },
    );
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: string }).error).toMatch(/could not be found/);
  });

  it("X-SCALE-3: uploads beyond PHOTO_STORAGE_LIMIT_MB are refused with a 4xx and a message, also when racing", { tags: ["race"] }, async () => {
    const db = await testDb();
    const limit = env().PHOTO_STORAGE_LIMIT_MB * 1024 * 1024;
    const bytes = await photo(7);
    const first = await upload(bytes);
    expect(first.status).toBe(201);
    const [one] = await db.select({ size: reviewPhotos.storedBytes }).from(reviewPhotos);
    const size = one!.size;
    // Room for exactly one more photo of this size, with five uploads racing for it.
    await db.insert(reviewPhotos).values({
      id: randomUUID(),
      image: Buffer.from("x"),
      thumbnail: Buffer.from("x"),
      storedBytes: limit - 2 * size - Math.floor(size / 2),
      attachedAt: sql`now()`,
    });
    const other = await otherProcessDb();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => storePhoto(n % 2 ? other : db, new Uint8Array(bytes), theShop(), {
          clientKey: `racer-${n}`, // five addresses: the image queue lets each decode (X-SEC-18)
        })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toBeInstanceOf(PhotoRejected);
        expect((result.reason as PhotoRejected).kind).toBe("too_large");
      }
    }
    const full = await upload(bytes);
    expect(full.status).toBe(413);
    expect(((await full.json()) as { error: string }).error).toMatch(/cannot take more photos/);
    const [total] = await db
      .select({ bytes: sql<string>`sum(${reviewPhotos.storedBytes})::bigint` })
      .from(reviewPhotos);
    expect(Number(total!.bytes)).toBeLessThanOrEqual(limit);
    await db.delete(reviewPhotos).where(eq(reviewPhotos.storedBytes, limit - 2 * size - Math.floor(size / 2)));
    expect((await upload(bytes)).status).toBe(201);
  });
  it(`X-SEC-15: a photo attaches to one review only, from the browser that uploaded it; racing reviews cannot share it (${driver})`, { tags: ["race"] }, async () => {
    const response = await upload(await photo(11));
    expect(response.headers.get("set-cookie")).toBeNull(); // this browser already has its cookie
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    const notYours = await review([fileUrl], OTHER_BROWSER);
    expect(notYours.status).toBe(400);
    expect(((await notYours.json()) as { error: string }).error).toBe(
      "One of the photos was not uploaded from this browser, or is already on another review. Please upload it again.",
    );
    expect((await review([fileUrl], null)).status).toBe(400);
    const racing = await Promise.all(Array.from({ length: 5 }, () => review([fileUrl])));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    const db = await testDb();
    const withPhoto = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(sql`${fileUrl} = ANY(${productReviews.photoUrls})`);
    expect(withPhoto).toHaveLength(1);
    // Once on its review, everyone sees it, cached for good.
    const served = await serve(fileUrl.slice("/uploads/".length), undefined, null);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("X-SEC-15: the first upload sets an HttpOnly uploader cookie; the answer is still {fileUrl}", async () => {
    const response = await upload(await photo(12), undefined, { cookie: "" });
    expect(response.status).toBe(201);
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^gt_uploader=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    expect(Object.keys((await response.json()) as object)).toEqual(["fileUrl"]);
  });

  it("X-SEC-6: a photo not yet on a review is served only to the browser that uploaded it", async () => {
    const { fileUrl } = (await (await upload(await photo(13))).json()) as { fileUrl: string };
    const file = fileUrl.slice("/uploads/".length);
    for (const name of [file, file.replace(".webp", "-thumb.webp")]) {
      expect((await serve(name)).status).toBe(200);
      expect((await serve(name, undefined, OTHER_BROWSER)).status).toBe(404);
      expect((await serve(name, undefined, null)).status).toBe(404);
    }
  });

  it("X-SEC-6: one address uploads at most UPLOAD_BYTES_PER_DAY_MB (100) of photos in 24 hours; 429 with a sentence", async () => {
    const db = await testDb();
    const quota = env().UPLOAD_BYTES_PER_DAY_MB * 1024 * 1024;
    const client = "198.51.100.66";
    const filler = (storedBytes: number, age: string) =>
      db.insert(reviewPhotos).values({
        id: randomUUID(),
        image: Buffer.from("x"),
        thumbnail: Buffer.from("x"),
        storedBytes,
        clientKey: client,
        attachedAt: sql`now()`,
        createdAt: sql`now() - ${age}::interval`,
      });
    // Yesterday's uploads do not count; today's nearly fill the quota.
    await filler(quota, "25 hours");
    await filler(quota - 100, "1 hour");
    const refused = await upload(await photo(14), undefined, { client });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "You have uploaded a lot of photos today. Please try again tomorrow, or send your review without a photo.",
    );
    // Another address is not affected.
    expect((await upload(await photo(14), undefined, { client: "198.51.100.67" })).status).toBe(201);
    await db.delete(reviewPhotos).where(eq(reviewPhotos.clientKey, client));
    await filler(quota - 10 * 1024 * 1024, "1 hour");
    expect((await upload(await photo(14), undefined, { client })).status).toBe(201);
  });
});
