// Product photo files in an S3-compatible bucket (issue 22 item 5): a local S3 server (s3rver)
// that this file starts itself, on a free port, with its own directory.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";

const s3 = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: mkdtempSync(path.join(os.tmpdir(), "grip-truth-s3-")),
  configureBuckets: [{ name: "shop-photos", configs: [] }],
});
const { port } = await s3.run();
// Read by app/env.server.ts when the shop first asks for its configuration, after this.
useTestSettings({
  S3_BUCKET: "shop-photos",
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_REGION: "eu-west-2",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
});

const { OWNER, signInCookie } = await import("./admin-fixtures");
useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});
const { call } = await import("./helpers");
const { testDb } = await import("./shop");
const { processNextPhoto } = await import("~/catalogue/photos/processing.server");
const { action: photosApi } = await import("~/routes/api.admin.product-photos");
const { action: photoApi } = await import("~/routes/api.admin.product-photo");
const { loader: photoFile } = await import("~/routes/product-photo");
const { photoFiles, productReviews, reviewPhotos } = await import("~/db/schema");
const { action: uploadApi } = await import("~/routes/api.uploads");
const { loader: uploadFile } = await import("~/routes/uploads");
const { action: reviewsApi } = await import("~/routes/api.product-reviews");
const { action: adminReviewApi } = await import("~/routes/api.admin.review");
const { removeUnattachedPhotos } = await import("~/reviews/photos.server");
const { postJson } = await import("./helpers");
const { eq, sql } = await import("drizzle-orm");

afterAll(async () => {
  await s3.close();
});

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const bucket = new S3Client({
  endpoint: `http://127.0.0.1:${port}`,
  region: "eu-west-2",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
const keysIn = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: "shop-photos", Prefix: prefix })))
    .Contents ?? []
  ).map((item) => item.Key!);

describe(`product photos in an S3-compatible bucket (${driver})`, () => {
  it("X-PHOTO-2: with S3_BUCKET the master and renditions go to the bucket, are served immutable from it, and leave with the photo", async () => {
    const cookie = await signInCookie();
    const product = "mens-grip-truth-hoodie";
    const form = new FormData();
    const png = await sharp({
      create: { width: 700, height: 500, channels: 3, background: "#264" },
    })
      .png()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(png)]), "photo.png");
    form.append("alt", "Grey hoodie on a hanger");
    const encoded = new Response(form);
    const answer = await call(
      photosApi,
      `/api/admin/products/${product}/photos`,
      {
        method: "POST",
        headers: { "content-type": encoded.headers.get("content-type")!, cookie },
        body: await encoded.arrayBuffer(),
      },
      { id: product },
    );
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    expect(await keysIn(`product-photos/${id}/`)).toEqual([`product-photos/${id}/master`]);

    const db = await testDb();
    expect(await processNextPhoto(db, theShop().files)).toBe(1);
    const keys = await keysIn(`product-photos/${id}/`);
    expect(keys.filter((key) => key.endsWith(".avif")).length).toBe(2); // 320 and 640
    expect(keys.filter((key) => key.endsWith(".webp")).length).toBe(2);
    // Nothing of it in the database's file table.
    expect(await db.select({ key: photoFiles.key }).from(photoFiles)).toEqual([]);

    const avifKey = keys.find((key) => key.endsWith(".avif"))!;
    const stored = await bucket.send(new GetObjectCommand({ Bucket: "shop-photos", Key: avifKey }));
    expect(stored.ContentType).toBe("image/avif");
    const [, , photoId, file] = `/${avifKey}`.split("/");
    const served = await call(photoFile, `/photos/${photoId}/${file}`, {}, {
      photoId: photoId!,
      file: file!,
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(
      Buffer.from(await stored.Body!.transformToByteArray()),
    );

    const removed = await call(
      photoApi,
      `/api/admin/products/${product}/photos/${id}`,
      { method: "DELETE", headers: { cookie } },
      { id: product, photoId: id },
    );
    expect(removed.status).toBe(200);
    expect(await keysIn(`product-photos/${id}/`)).toEqual([]);
  });
});

describe(`review photos in an S3-compatible bucket (${driver})`, () => {
  const browser = `gt_uploader=${"b".repeat(43)}`;
  async function uploadReviewPhoto(seed: number) {
    const form = new FormData();
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: seed, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "mine.png");
    const encoded = new Response(form);
    const answer = await call(uploadApi, "/api/uploads", {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type")!,
        "x-client-address": `192.0.2.${seed}`,
        cookie: browser,
      },
      body: await encoded.arrayBuffer(),
    });
    expect(answer.status).toBe(201);
    const { fileUrl } = (await answer.json()) as { fileUrl: string };
    return fileUrl.slice("/uploads/".length, -".webp".length);
  }
  const serve = (file: string) =>
    call(uploadFile, `/uploads/${file}`, { headers: { cookie: browser } }, { file });
  const object = async (key: string) =>
    Buffer.from(
      await (await bucket.send(new GetObjectCommand({ Bucket: "shop-photos", Key: key })))
        .Body!.transformToByteArray(),
    );

  it("X-REV-3 X-SCALE-3: with S3_BUCKET a customer's review photo and its thumbnail go to the bucket, are served from it with the same bytes, and leave with a removed upload or review", async () => {
    const db = await testDb();
    const id = await uploadReviewPhoto(11);
    const keys = [`review-photos/${id}-thumb.webp`, `review-photos/${id}.webp`];
    expect(await keysIn(`review-photos/${id}`)).toEqual(keys);
    // The row keeps the quota's size but none of the bytes.
    const [row] = await db.select().from(reviewPhotos).where(eq(reviewPhotos.id, id));
    expect(row!.image.byteLength + row!.thumbnail.byteLength).toBe(0);
    expect(row!.storedBytes).toBe((await object(keys[0]!)).length + (await object(keys[1]!)).length);
    for (const key of keys) {
      const served = await serve(key.slice("review-photos/".length));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(await object(key));
    }

    // Never attached to a review within a day: the clean-up job removes the row and its files.
    await db
      .update(reviewPhotos)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(reviewPhotos.id, id));
    expect(await removeUnattachedPhotos(db, theShop().files)).toBe(1);
    expect(await keysIn(`review-photos/${id}`)).toEqual([]);
    expect((await serve(`${id}.webp`)).status).toBe(404);

    // On a review, served for good; deleting the review removes its files from the bucket.
    const kept = await uploadReviewPhoto(12);
    const posted = await call(
      reviewsApi,
      "/api/products/mens-england-no-gi-set/reviews",
      postJson(
        {
          customer_name: "Sam",
          customer_email: "sam@example.com",
          rating: 5,
          review_text: "Fits well.",
          photo_urls: [`/uploads/${kept}.webp`],
        },
        { "x-client-address": "192.0.2.99", cookie: browser },
      ),
      { productId: "mens-england-no-gi-set" },
    );
    expect(posted.status).toBe(201);
    const served = await call(uploadFile, `/uploads/${kept}.webp`, {}, { file: `${kept}.webp` });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const [review] = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(sql`${`/uploads/${kept}.webp`} = ANY(${productReviews.photoUrls})`);
    const cookie = await signInCookie();
    const deleted = await call(
      adminReviewApi,
      `/api/admin/reviews/${review!.id}`,
      { method: "DELETE", headers: { cookie } },
      { id: review!.id },
    );
    expect(deleted.status).toBe(200);
    expect(await keysIn(`review-photos/${kept}`)).toEqual([]);
  });
});
