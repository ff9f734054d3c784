// The bucket unreachable (issue 40 item 4): a local S3 server (s3rver) this file stops and starts
// again under the shop. Pages still serve, a rendition answers 503 with Retry-After, an upload
// is refused with a sentence, and a photo whose processing failed meanwhile is finished by the
// job once the bucket answers.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";

const directory = mkdtempSync(path.join(os.tmpdir(), "grip-truth-s3-"));
const bucketServer = (port: number) =>
  new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "shop-photos", configs: [] }],
  });
let s3 = bucketServer(0);
const { port } = await s3.run();
let running = true;
useTestSettings({
  S3_BUCKET: "shop-photos",
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_REGION: "eu-west-2",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
});
const { OWNER, signInCookie } = await import("./admin-fixtures");
useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
const { call } = await import("./helpers");
const { testDb } = await import("./shop");
const { processNextPhoto } = await import("~/catalogue/photos/processing.server");
const { action: photosApi } = await import("~/routes/api.admin.product-photos");
const { loader: photoFile } = await import("~/routes/product-photo");
const { loader: productPage } = await import("~/routes/product");
const { productPhotos } = await import("~/db/schema");
const { BUCKET_UNREACHABLE } = await import("~/storage/s3.server");
const { eq } = await import("drizzle-orm");

afterAll(async () => {
  if (running) await s3.close();
});

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const PRODUCT = "mens-grip-truth-hoodie";

async function upload(cookie: string) {
  const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#264" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)]), "photo.png");
  form.append("alt", "Grey hoodie on a hanger");
  const encoded = new Response(form);
  return call(
    photosApi,
    `/api/admin/products/${PRODUCT}/photos`,
    {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")!, cookie },
      body: await encoded.arrayBuffer(),
    },
    { id: PRODUCT },
  );
}

describe(`the bucket unreachable (${driver})`, () => {
  it("X-SAFE-6: with the bucket down pages serve, a rendition is a 503 with Retry-After, an upload is refused with a sentence, and the photo job finishes later", async () => {
    const cookie = await signInCookie();
    const db = await testDb();
    const { files } = theShop();
    const first = await upload(cookie);
    expect(first.status).toBe(201);
    expect(await processNextPhoto(db, files)).toBe(1);
    const [ready] = await db.select().from(productPhotos);
    const rendition = ready!.renditions![0]!.key.split("/").at(-1)!;
    // A second photo, stored but not yet processed when the bucket goes.
    const second = (await (await upload(cookie)).json()) as { id: string };

    await s3.close();
    running = false;

    const served = await call(photoFile, `/photos/${ready!.id}/${rendition}`, {}, { photoId: ready!.id, file: rendition });
    expect(served.status).toBe(503);
    expect(served.headers.get("retry-after")).toBe("60");
    expect(await served.text()).toBe(BUCKET_UNREACHABLE);

    const page = await call(productPage, `/product/${PRODUCT}`, {}, { productId: PRODUCT });
    expect(page.status).toBe(200);

    const refused = await upload(cookie);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(((await refused.json()) as { error: string }).error).toBe(BUCKET_UNREACHABLE);

    // The job tries the second photo, cannot fetch its master, and leaves it to try again.
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(await processNextPhoto(db, files, { claimMs: 1 })).toBe(1);
    } finally {
      console.error = original;
    }
    const status = async () =>
      (await db.select({ status: productPhotos.status }).from(productPhotos).where(eq(productPhotos.id, second.id)))[0]
        ?.status;
    expect(await status()).toBe("processing");

    s3 = bucketServer(port);
    await s3.run();
    running = true;
    expect(await processNextPhoto(db, files)).toBe(1);
    expect(await status()).toBe("ready");
    const again = await call(photoFile, `/photos/${ready!.id}/${rendition}`, {}, { photoId: ready!.id, file: rendition });
    expect(again.status).toBe(200);
  }, 120_000);
});
