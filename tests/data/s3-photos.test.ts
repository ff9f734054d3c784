// Product photo files in an S3-compatible bucket (issue 22 item 5): a local S3 server (s3rver)
// that this file starts itself, on a free port, with its own directory.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

const s3 = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: mkdtempSync(path.join(os.tmpdir(), "grip-truth-s3-")),
  configureBuckets: [{ name: "shop-photos", configs: [] }],
});
const { port } = await s3.run();
// Read by app/env.server.ts when the shop first asks for its configuration, after this.
process.env.S3_BUCKET = "shop-photos";
process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
process.env.S3_REGION = "eu-west-2";
process.env.S3_ACCESS_KEY_ID = "S3RVER";
process.env.S3_SECRET_ACCESS_KEY = "S3RVER";

const { OWNER, signInCookie } = await import("./admin-fixtures");
process.env.ADMIN_EMAIL = OWNER.email;
process.env.ADMIN_PASSWORD = OWNER.password;
const { call } = await import("./helpers");
const { testDb } = await import("./shop");
const { processNextPhoto } = await import("~/catalogue/photos/processing.server");
const { action: photosApi } = await import("~/routes/api.admin.product-photos");
const { action: photoApi } = await import("~/routes/api.admin.product-photo");
const { loader: photoFile } = await import("~/routes/product-photo");
const { photoFiles } = await import("~/db/schema");

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
    expect(await processNextPhoto(db)).toBe(1);
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
