// The e-mail renditions' backfill after an upgrade (issue 40 item 3, X-SAFE-3): a photo stored by
// a release before the e-mails' JPEGs existed has only AVIF and WebP, and its e-mails show the
// drawing; the `email-renditions` job gives it its JPEGs from its master, and a second run
// changes nothing.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  backfillEmailRenditions,
  processNextPhoto,
} from "~/catalogue/photos/processing.server";
import { s3FileStore } from "~/storage/s3.server";
import { orders, productPhotos } from "~/db/schema";
import { action as photosApi } from "~/routes/api.admin.product-photos";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";
import { loader as photoFile } from "~/routes/product-photo";
import { backgroundJobs } from "~/server/jobs.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, paymentForm, postJson } from "./helpers";
import { testDb, theShop, useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
useTestSettings({
  PUBLIC_URL: "https://shop.example",
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const HOODIE = "mens-grip-truth-hoodie";

async function addPhoto(): Promise<string> {
  const cookie = await signInCookie();
  const jpeg = await sharp({
    create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)]), "photo.jpg");
  form.append("alt", "Red hoodie, front");
  form.append("color", "Black");
  const encoded = new Response(form);
  const answer = await call(
    photosApi,
    `/api/admin/products/${HOODIE}/photos`,
    {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")!, cookie },
      body: await encoded.arrayBuffer(),
    },
    { id: HOODIE },
  );
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** Pays for one black hoodie and answers the confirmation e-mail's HTML. */
async function confirmationMail(): Promise<string> {
  const session = await call(
    createSession,
    "/api/create-checkout-session",
    postJson({
      cartItems: [
        { productId: HOODIE, optionType: "Hoodies", size: "M", color: "Black", quantity: 1 },
      ],
    }),
  );
  expect(session.status).toBe(200);
  const { sessionId } = (await session.json()) as { sessionId: string };
  const before = (await outbox()).length;
  const paid = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    body: paymentForm({ postcode: "TS10 1AA" }),
  });
  expect(paid.status).toBe(302);
  const [order] = await testDb()
    .then((db) => db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)));
  expect(legacyStatus(order!)).toBe("paid");
  const mails = await outbox();
  expect(mails.length).toBe(before + 1);
  return decodeMail(mails.at(-1)!.text);
}

describe(`the e-mail renditions' backfill (${driver})`, () => {
  it("X-SAFE-3: a photo an older release stored without e-mail JPEGs gets them from the backfill job, the e-mail then shows it instead of the drawing, and a second run changes nothing", async () => {
    const db = await testDb();
    const files = theShop().files;
    const id = await addPhoto();
    while (await processNextPhoto(db, files)) {
      /* until the photo is ready */
    }
    // As the release before the e-mails' JPEGs left it: AVIF and WebP only, no JPEG files.
    const [made] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    const jpegKeys = made!.renditions.filter((r) => r.format === "jpeg").map((r) => r.key);
    expect(jpegKeys.length).toBe(2);
    await files.remove(jpegKeys);
    await db
      .update(productPhotos)
      .set({ renditions: made!.renditions.filter((r) => r.format !== "jpeg") })
      .where(eq(productPhotos.id, id));
    const drawing = `<img src="https://shop.example/images/products/${HOODIE}/front-160.png"`;
    expect(await confirmationMail()).toContain(drawing);

    // A bucket that does not answer stops the round without giving the photo up.
    const away = s3FileStore({
      ...theShop().settings,
      S3_BUCKET: "shop-photos",
      S3_ENDPOINT: "http://127.0.0.1:4349", // nothing listens here (this helper's own range)
    });
    await expect(backfillEmailRenditions(db, away)).rejects.toMatchObject({
      problem: { kind: "unavailable" },
    });

    const job = backgroundJobs(theShop()).find((j) => j.name === "email-renditions")!;
    expect(job).toBeDefined();
    expect(await job.run(db)).toBe(1);

    const [filled] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    const jpegs = filled!.renditions.filter((r) => r.format === "jpeg");
    expect(jpegs.map((r) => [r.width, r.height])).toEqual([
      [160, 114],
      [320, 229],
    ]);
    // The other renditions are untouched.
    expect(filled!.renditions.filter((r) => r.format !== "jpeg")).toEqual(
      made!.renditions.filter((r) => r.format !== "jpeg"),
    );
    for (const r of jpegs) {
      const stored = await files.get(r.key);
      expect(stored?.contentType, r.key).toBe("image/jpeg");
      expect((await sharp(stored!.bytes).metadata()).width).toBe(r.width);
    }

    // The next e-mail shows the photo's JPEG, and it is served.
    const html = await confirmationMail();
    expect(html).not.toContain(drawing);
    const photo = new RegExp(
      `<img src="(https://shop\\.example/photos/${id}/160-[0-9a-f]{16}\\.jpeg)" width="80" height="57" alt="Red hoodie, front"`,
    ).exec(html);
    expect(photo).not.toBeNull();
    const url = new URL(photo![1]!).pathname;
    const [, , photoId, file] = url.split("/");
    const served = await call(photoFile, url, {}, { photoId: photoId!, file: file! });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");

    // Idempotent: nothing left to do, the row and the stored files as they were.
    const keysBefore = (await files.keys()).sort();
    expect(await job.run(db)).toBe(0);
    const [again] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    expect(again!.renditions).toEqual(filled!.renditions);
    expect(again!.updatedAt).toEqual(filled!.updatedAt);
    expect((await files.keys()).sort()).toEqual(keysBefore);
  }, 120_000);
});
