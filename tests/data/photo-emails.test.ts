// The owner's photos on the confirmation page and in the confirmation e-mail (issue 22,
// X-PHOTO-3): a small JPEG for a product with a ready photo, the drawing's PNG otherwise.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processNextPhoto } from "~/catalogue/photos/processing.server";
import { orders } from "~/db/schema";
import { action as photosApi } from "~/routes/api.admin.product-photos";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay } from "~/routes/payment";
import { loader as drawingFile } from "~/routes/product-image";
import { loader as photoFile } from "~/routes/product-photo";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, paymentForm, postJson, receiptOf } from "./helpers";
import { testDb, theShop, useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
// Read lazily by the app on first use: e-mails carry absolute addresses on this origin.
useTestSettings({
  PUBLIC_URL: "https://shop.example",
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const HOODIE = "mens-grip-truth-hoodie"; // colours Grey and Black
const SHORTS = "mens-england-no-gi-set"; // no photos

async function addPhoto(productId: string, alt: string, color: string) {
  const cookie = await signInCookie();
  // Transparent, so the JPEG must be flattened on white.
  const png = await sharp({
    create: { width: 900, height: 600, channels: 4, background: { r: 20, g: 20, b: 20, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)]), "photo.png");
  form.append("alt", alt);
  form.append("color", color);
  const encoded = new Response(form);
  const answer = await call(
    photosApi,
    `/api/admin/products/${productId}/photos`,
    {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")!, cookie },
      body: await encoded.arrayBuffer(),
    },
    { id: productId },
  );
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

describe(`the owner's photos after the order is paid (${driver})`, () => {
  it("X-PHOTO-3: the confirmation e-mail shows a ready photo as an absolute JPEG (the line's colour) and the drawing's PNG for a product without photos; the confirmation page's receipt too", async () => {
    const db = await testDb();
    await addPhoto(HOODIE, "Grey hoodie, front", "Grey");
    const black = await addPhoto(HOODIE, "Black hoodie, front", "Black");
    while (await processNextPhoto(db, theShop().files)) {
      /* until every photo is ready */
    }

    const session = await call(
      createSession,
      "/api/create-checkout-session",
      postJson({
        cartItems: [
          { productId: HOODIE, optionType: "Hoodies", size: "M", color: "Black", quantity: 1 },
          { productId: SHORTS, optionType: "Shorts", size: "M", quantity: 1 },
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
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("paid");

    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const html = decodeMail(mails.at(-1)!.text);
    const photo = new RegExp(
      `<img src="(https://shop\\.example/photos/${black}/160-[0-9a-f]{16}\\.jpeg)" width="80" height="53" alt="Black hoodie, front"`,
    ).exec(html);
    expect(photo).not.toBeNull();
    expect(html).toContain(
      `<img src="https://shop.example/images/products/${SHORTS}/front-160.png" width="80" height="80" alt="`,
    );

    // The e-mail's JPEG is served immutable, 160 px wide, on white.
    const url = new URL(photo![1]!).pathname;
    const [, , photoId, file] = url.split("/");
    const served = await call(photoFile, url, {}, { photoId: photoId!, file: file! });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const jpeg = sharp(Buffer.from(await served.arrayBuffer()));
    expect((await jpeg.metadata()).width).toBe(160);
    const { channels } = await jpeg.stats();
    expect(channels[0]!.mean).toBeGreaterThan(100); // half-transparent black on white: grey

    // The drawing's PNG for e-mails is small: 160 px, not the 1200 px link preview.
    const png = await call(drawingFile, `/images/products/${SHORTS}/front-160.png`, {}, {
      productId: SHORTS,
      file: "front-160.png",
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const pngBytes = Buffer.from(await png.arrayBuffer());
    expect((await sharp(pngBytes).metadata()).width).toBe(160);
    expect(pngBytes.length).toBeLessThan(60_000);
    const other = await call(drawingFile, `/images/products/${SHORTS}/front-161.png`, {}, {
      productId: SHORTS,
      file: "front-161.png",
    });
    expect(other.status).toBe(404);

    // The confirmation page's receipt: the same photo for the hoodie, the drawing for the shorts.
    const verified = await call(
      verifyOrder,
      "/api/verify-order",
      postJson({ sessionId }, { cookie: receiptOf(session) }), // the browser that paid (X-SEC-20)
    );
    const { receipt } = (await verified.json()) as {
      receipt: { lines: { product_name: string; picture: { photo?: { id: string }; src?: string } }[] };
    };
    expect(receipt.lines.map((line) => line.picture.photo?.id ?? line.picture.src)).toEqual([
      black,
      expect.stringMatching(new RegExp(`/${SHORTS}/front\\.svg$`)),
    ]);
  });
});
