import path from "node:path";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop } from "./shop";
import { orderLines, orders, productReviews, reviewPhotos } from "~/db/schema";
import { ReviewList } from "~/reviews/components/ReviewCard";
import { reviewLinkSecret, reviewToken } from "~/reviews/review-link.server";
import type { PublicReview } from "~/reviews/types";
import { INSERT_FAILED_MESSAGE } from "~/reviews/validation";
import * as reviewsRoute from "~/routes/api.product-reviews";
import * as uploadsApi from "~/routes/api.uploads";
import * as uploadsRoute from "~/routes/uploads";
import * as productRoute from "~/routes/product";
import { requestContext } from "./helpers";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const PRODUCT = "mens-england-no-gi-set";
const EMAIL = "sam.rivers@example.com";

// Every request comes from its own address unless a test says otherwise, so the rate limits
// (5 reviews, 25 uploads a minute per address) only bite where a test wants them to.
let addressCounter = 0;
// One browser uploads and reviews (its uploader cookie, X-SEC-15) unless a test says otherwise.
const BROWSER = { cookie: `gt_uploader=${"b".repeat(43)}` };
const freshAddress = () => `198.51.100.${++addressCounter}`;

// The route modules are called as React Router calls them; the tests need only these fields.
type Args = Parameters<typeof reviewsRoute.action>[0];
const args = (request: Request, params: Record<string, string>) =>
  ({ request, params, context }) as unknown as Args;
const context = await requestContext();

function reviewRequest(productId: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost/api/products/${productId}/reviews`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      host: "localhost",
      "x-client-address": freshAddress(),
      ...BROWSER,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function postReview(body: unknown, productId = PRODUCT, headers?: Record<string, string>) {
  return reviewsRoute.action(args(reviewRequest(productId, body, headers), { productId }));
}

async function getReviews(productId = PRODUCT) {
  const request = new Request(`http://localhost/api/products/${productId}/reviews`);
  return reviewsRoute.loader(args(request, { productId }) as never);
}

async function upload(
  content: Uint8Array | string,
  { name = "photo.jpg", type = "image/jpeg", headers = {} as Record<string, string> } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart], { type }), name);
  // Encoded up front: undici's streamed FormData body throws when a refused upload is cancelled.
  const encoded = new Response(form);
  const request = new Request("http://localhost/api/uploads", {
    method: "POST",
    headers: {
      "content-type": encoded.headers.get("content-type")!,
      "x-client-address": freshAddress(),
      host: "localhost",
      ...BROWSER,
      ...headers,
    },
    body: await encoded.arrayBuffer(),
  });
  return uploadsApi.action(args(request, {}) as never);
}

async function storedCount(): Promise<number> {
  const db = await testDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productReviews);
  return Number(row?.n ?? -1);
}

/** Photos stored (in the database since X-SCALE-3), each with its thumbnail. */
async function storedPhotos(): Promise<number> {
  const db = await testDb();
  return (await db.select({ id: reviewPhotos.id }).from(reviewPhotos)).length;
}

const valid = {
  customer_name: "Sam Rivers",
  customer_email: EMAIL,
  rating: 5,
  review_text: "Fits well, print survived twenty washes.",
  photo_urls: [] as string[],
};

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 16, b: 46 } } });

async function noisyJpeg(): Promise<Buffer> {
  const pixels = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width: 256, height: 256, channels: 3 } }).jpeg().toBuffer();
}

async function uploadedUrl(): Promise<string> {
  const response = await upload(await image(40, 30).png().toBuffer(), { name: "a.png" });
  expect(response.status).toBe(201);
  return ((await response.json()) as { fileUrl: string }).fileUrl;
}

describe(`reviews on ${driver}`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(productReviews);
    await db.delete(orders);
  });

  describe("writing and reading", () => {
    it("S-REV-4 X-REV-1: a valid review is stored and answered 201 without the e-mail", async () => {
      const photo = await uploadedUrl();
      const response = await postReview({ ...valid, photo_urls: [photo] });
      expect(response.status).toBe(201);
      const text = await response.clone().text();
      expect(text).not.toContain("customer_email");
      expect(text).not.toContain(EMAIL);
      const review = (await response.json()) as PublicReview;
      expect(review).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        product_id: PRODUCT,
        customer_name: "Sam Rivers",
        rating: 5,
        review_text: valid.review_text,
        photo_urls: [photo],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(await storedCount()).toBe(1);
    });

    it("S-REV-1 X-REV-2: GET lists the product's reviews newest first and never an e-mail", async () => {
      const db = await testDb();
      const base = { productId: PRODUCT, customerEmail: EMAIL, rating: 4, reviewText: "ok" };
      await db.insert(productReviews).values([
        { ...base, customerName: "Oldest", createdAt: new Date("2026-01-01T10:00:00Z") },
        { ...base, customerName: "Newest", createdAt: new Date("2026-03-01T10:00:00Z") },
        { ...base, customerName: "Middle", createdAt: new Date("2026-02-01T10:00:00Z") },
        { ...base, productId: "mens-boro-beast-no-gi-set", customerName: "Other product" },
      ]);
      const response = await getReviews();
      expect(response.status).toBe(200);
      const text = await response.clone().text();
      expect(text).not.toContain("customer_email");
      expect(text).not.toContain(EMAIL);
      const reviews = (await response.json()) as PublicReview[];
      expect(reviews.map((r) => r.customer_name)).toEqual(["Newest", "Middle", "Oldest"]);
      expect(Object.keys(reviews[0]!).sort()).toEqual(
        [
          "created_at",
          "customer_name",
          "id",
          "photo_urls",
          "product_id",
          "rating",
          "review_text",
          "verified_purchase",
        ].sort(),
      );
    });

    it("S-REV-1 X-REV-2: the product page loader carries the reviews, without any e-mail", async () => {
      await postReview(valid);
      const request = new Request(`http://localhost/product/${PRODUCT}`);
      const result = await productRoute.loader(
        args(request, { productId: PRODUCT }) as unknown as Parameters<
          typeof productRoute.loader
        >[0],
      );
      const data = result as { reviews: PublicReview[] };
      expect(data.reviews).toHaveLength(1);
      const serialised = JSON.stringify(data);
      expect(serialised).not.toContain("customer_email");
      expect(serialised).not.toContain(EMAIL);
    });

    it("X-REV-1: unknown products answer 404 to reading and writing", async () => {
      expect((await getReviews("no-such-product")).status).toBe(404);
      const response = await postReview(valid, "no-such-product");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.any(String) });
      expect(await storedCount()).toBe(0);
    });

    it("S-REV-4: <script> in a review is stored as written and rendered as text", async () => {
      const evil = '<script>alert("x")</script> <img src=x onerror=alert(1)> & more';
      const response = await postReview({ ...valid, review_text: evil, customer_name: "<b>Bo</b>" });
      expect(response.status).toBe(201);
      const [stored] = (await (await getReviews()).json()) as PublicReview[];
      expect(stored!.review_text).toBe(evil);
      expect(stored!.customer_name).toBe("<b>Bo</b>");
      const html = renderToStaticMarkup(createElement(ReviewList, { reviews: [stored!] }));
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>Bo</b>");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    });
  });

  describe("refusals: a 4xx, a message for a person, nothing stored", () => {
    const cases: [string, unknown][] = [
      ["no name", { ...valid, customer_name: undefined }],
      ["a blank name", { ...valid, customer_name: "   " }],
      ["a name of 81 characters", { ...valid, customer_name: "n".repeat(81) }],
      ["no e-mail", { ...valid, customer_email: undefined }],
      ["an implausible e-mail", { ...valid, customer_email: "not-an-email" }],
      ["an e-mail over 254 characters", { ...valid, customer_email: `${"a".repeat(250)}@x.com` }],
      ["no rating", { ...valid, rating: undefined }],
      ["rating 0", { ...valid, rating: 0 }],
      ["rating 6", { ...valid, rating: 6 }],
      ["rating 4.5", { ...valid, rating: 4.5 }],
      ["rating as text", { ...valid, rating: "5" }],
      ["no text", { ...valid, review_text: undefined }],
      ["a blank text", { ...valid, review_text: " \n " }],
      ["a text of 2001 characters", { ...valid, review_text: "t".repeat(2001) }],
      ["a photo on another site", { ...valid, photo_urls: ["https://evil.example/a.webp"] }],
      ["a path-traversal photo", { ...valid, photo_urls: ["/uploads/../pglite/PG_VERSION"] }],
      [
        "a photo URL that was never uploaded",
        { ...valid, photo_urls: ["/uploads/00000000-0000-4000-8000-000000000000.webp"] },
      ],
      ["photo_urls that is not a list", { ...valid, photo_urls: "/uploads/a.webp" }],
      ["an array body", [valid]],
      ["a null body", null],
    ];
    for (const [label, body] of cases) {
      it(`S-REV-4 X-SHOP-4: ${label}`, async () => {
        const response = await postReview(body);
        expect(response.status).toBe(400);
        const answer = (await response.json()) as { error: string };
        expect(answer.error).toMatch(/\w/);
        expect(await storedCount()).toBe(0);
      });
    }

    it("S-REV-4: more than five photos", async () => {
      const urls = await Promise.all([1, 2, 3, 4, 5, 6].map(() => uploadedUrl()));
      const response = await postReview({ ...valid, photo_urls: urls });
      expect(response.status).toBe(400);
      expect(await storedCount()).toBe(0);
      expect((await postReview({ ...valid, photo_urls: urls.slice(0, 5) })).status).toBe(201);
    });

    it("X-SHOP-4: a body that is not JSON, or too large", async () => {
      const notJson = await postReview("{name: 'x'");
      expect(notJson.status).toBe(400);
      const huge = await postReview({ ...valid, review_text: "t".repeat(70_000) });
      expect(huge.status).toBe(413);
      expect(await storedCount()).toBe(0);
    });

    it("X-SHOP-4: a cross-origin POST is refused with 403", async () => {
      const response = await postReview(valid, PRODUCT, { origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(await storedCount()).toBe(0);
      const same = await postReview(valid, PRODUCT, { origin: "http://localhost" });
      expect(same.status).toBe(201);
    });

    it("X-SHOP-4: a filled honeypot is answered as accepted and nothing is stored", async () => {
      const response = await postReview({ ...valid, website: "https://spam.example" });
      expect(response.status).toBe(201);
      expect(await response.text()).not.toContain(EMAIL);
      expect(await storedCount()).toBe(0);
      expect((await postReview({ ...valid, website: "" })).status).toBe(201);
      expect(await storedCount()).toBe(1);
    });

    it("X-SHOP-4: more than REVIEW_RATE_LIMIT (5) reviews a minute from one address gives 429", async () => {
      const headers = { "x-client-address": "203.0.113.9" };
      for (let i = 0; i < 5; i++) {
        expect((await postReview(valid, PRODUCT, headers)).status).toBe(201);
      }
      const refused = await postReview(valid, PRODUCT, headers);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/wait a minute/);
      expect(await storedCount()).toBe(5);
      // Another address is not affected.
      expect((await postReview(valid)).status).toBe(201);
    });

    it("S-REV-6: the insert error message is the spec's", () => {
      expect(INSERT_FAILED_MESSAGE).toBe(
        "Failed to submit review. Please ensure the database table is created.",
      );
    });
  });

  describe("X-REV-4 X-SEC-8: verified purchase needs the signed link", () => {
    async function paidOrder(email: string, productId: string, status: "paid" | "pending") {
      const db = await testDb();
      const [order] = await db
        .insert(orders)
        .values({
          paymentStatus: status,
          paymentProvider: "sandbox",
          subtotalPence: 2999,
          shippingPence: 399,
          totalPence: 3398,
          customerEmail: email,
          paidAt: status === "paid" ? new Date() : null,
        })
        .returning({ id: orders.id });
      await db.insert(orderLines).values({
        orderId: order!.id,
        position: 0,
        productId,
        productName: "A product",
        optionType: "Rashguard",
        size: "M",
        quantity: 1,
        unitPricePence: 2999,
        lineTotalPence: 2999,
      });
      return { id: order!.id, customerEmail: email };
    }

    async function tokenFor(order: { id: string; customerEmail: string }, productId = PRODUCT) {
      return reviewToken(await reviewLinkSecret(await testDb(), theShop().settings), order, productId);
    }

    it("X-SEC-8: knowing a buyer's e-mail gives no badge; the signed link does, and the answer does not tell", async () => {
      const sam = await paidOrder("Sam.Rivers@Example.COM", PRODUCT, "paid");
      const pending = await paidOrder("pending@example.com", PRODUCT, "pending");
      const other = await paidOrder("other@example.com", "mens-boro-beast-no-gi-set", "paid");

      // The buyer's e-mail alone: no badge (it was enough before X-SEC-8).
      const guessed = await postReview({ ...valid, customer_email: "sam.rivers@example.com" });
      expect(guessed.status).toBe(201);
      const guessedBody = (await guessed.json()) as Record<string, unknown>;
      expect(guessedBody).not.toHaveProperty("verified_purchase");

      const signed = await postReview({ ...valid, review_token: await tokenFor(sam) });
      expect(signed.status).toBe(201);
      expect((await signed.json()) as Record<string, unknown>).not.toHaveProperty(
        "verified_purchase",
      );
      // Not for an unpaid order, another product's link, or a tampered token.
      await postReview({ ...valid, review_token: await tokenFor(pending) });
      await postReview({ ...valid, review_token: await tokenFor(other, "mens-boro-beast-no-gi-set") });
      const forged = (await tokenFor(sam)).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
      await postReview({ ...valid, review_token: forged });
      await postReview({ ...valid, review_token: "nonsense" });

      const listed = (await (await getReviews()).json()) as PublicReview[];
      expect(listed).toHaveLength(6);
      expect(listed.filter((r) => r.verified_purchase)).toHaveLength(1);
      const html = renderToStaticMarkup(createElement(ReviewList, { reviews: listed }));
      expect(html.match(/Verified purchase/g)).toHaveLength(1);
    });
  });

  describe("X-REV-3: photos", () => {
    it("S-REV-5: a PNG, a WebP and a GIF are accepted and re-encoded to WebP with a thumbnail", async () => {
      for (const [buffer, name] of [
        [await image(2000, 1000).png().toBuffer(), "a.png"],
        [await image(50, 50).webp().toBuffer(), "b.webp"],
        [await image(50, 50).gif().toBuffer(), "c.gif"],
      ] as const) {
        const response = await upload(buffer, { name, type: "application/octet-stream" });
        expect(response.status).toBe(201);
        const { fileUrl } = (await response.json()) as { fileUrl: string };
        expect(fileUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
        const file = path.basename(fileUrl);
        const served = await uploadsRoute.loader(args(new Request(`http://localhost${fileUrl}`, { headers: BROWSER }), { file }) as never);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");
        // nosniff comes once, from the HTTP edge (app/server/http.server.ts) for every answer (X-SEC-7), not again from the route.
        expect(served.headers.get("x-content-type-options")).toBeNull();
        // Not on a review yet: for its uploader only, and never kept by a cache (X-SEC-6).
        expect(served.headers.get("cache-control")).toBe("private, no-store");
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta.format).toBe("webp");
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
        const thumbFile = file.replace(".webp", "-thumb.webp");
        const thumb = await uploadsRoute.loader(args(new Request(`http://localhost/uploads/${thumbFile}`, { headers: BROWSER }), { file: thumbFile }) as never);
        expect(thumb.status).toBe(200);
        const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
        expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(400);
      }
    });

    it("X-REV-3: a JPEG with EXIF GPS is stored without any EXIF, turned by its orientation", async () => {
      const original = await image(60, 20)
        .jpeg()
        .withExif({
          IFD0: { Make: "Spy Camera" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "54/1 36/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "1/1 3/1 0/1" },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.exif!.toString("latin1")).toContain("Spy Camera");

      const response = await upload(original, { name: "holiday.jpg" });
      expect(response.status).toBe(201);
      const { fileUrl } = (await response.json()) as { fileUrl: string };
      for (const file of [path.basename(fileUrl), path.basename(fileUrl).replace(".webp", "-thumb.webp")]) {
        const served = await uploadsRoute.loader(args(new Request(`http://localhost/uploads/${file}`, { headers: BROWSER }), { file }) as never);
        const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(stored.exif).toBeUndefined();
        expect(stored.xmp).toBeUndefined();
        expect(stored.orientation).toBeUndefined();
        // Orientation 6 (rotate 90°) applied: 60x20 stands as 20x60.
        expect([stored.width, stored.height]).toEqual(file.includes("thumb") ? [20, 60] : [20, 60]);
      }
    });

    it("X-REV-3: HTML named .png, an SVG, a truncated JPEG and text are refused", async () => {
      const before = await storedPhotos();
      const html = await upload("<!doctype html><script>alert(1)</script>", { name: "x.png", type: "image/png" });
      expect(html.status).toBe(415);
      const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', {
        name: "x.svg",
        type: "image/svg+xml",
      });
      expect(svg.status).toBe(415);
      const jpeg = await noisyJpeg();
      const truncated = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { name: "cut.jpg" });
      expect(truncated.status).toBe(422);
      expect(((await truncated.json()) as { error: string }).error).toMatch(/could not be read/);
      const empty = await upload(new Uint8Array(), { name: "empty.jpg" });
      expect(empty.status).toBe(400);
      expect(await storedPhotos()).toBe(before);
    });

    it("X-REV-3: a 41-megapixel image is refused", async () => {
      const big = await image(6500, 6400).png({ compressionLevel: 9 }).toBuffer();
      expect(big.length).toBeLessThan(10 * 1024 * 1024);
      const response = await upload(big, { name: "big.png", type: "image/png" });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: string }).error).toMatch(/40 megapixels/);
    });

    it("X-REV-3: an 11 MB file is refused, by its size and by its Content-Length", async () => {
      const eleven = new Uint8Array(11 * 1024 * 1024);
      eleven.set([0xff, 0xd8, 0xff, 0xe0]);
      const bySize = await upload(eleven);
      expect(bySize.status).toBe(413);
      const byHeader = await upload(new Uint8Array([0xff, 0xd8, 0xff]), {
        headers: { "content-length": String(11 * 1024 * 1024) },
      });
      expect(byHeader.status).toBe(413);
    });

    it("X-SHOP-4: an upload without the file field, cross-origin, or not multipart is refused", async () => {
      const form = new FormData();
      form.append("other", "x");
      const noFile = await uploadsApi.action(
        args(new Request("http://localhost/api/uploads", { method: "POST", body: form, headers: { "x-client-address": freshAddress() } }), {}) as never,
      );
      expect(noFile.status).toBe(400);
      const json = await uploadsApi.action(
        args(new Request("http://localhost/api/uploads", { method: "POST", body: "{}", headers: { "content-type": "application/json", "x-client-address": freshAddress() } }), {}) as never,
      );
      expect(json.status).toBe(415);
      const foreign = await upload(await image(10, 10).png().toBuffer(), {
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.status).toBe(403);
    });

    it("X-SHOP-4: more than UPLOAD_RATE_LIMIT (25) uploads a minute from one address gives 429", async () => {
      const headers = { "x-client-address": "203.0.113.77" };
      for (let i = 0; i < 25; i++) {
        expect((await upload("not an image", { headers })).status).toBe(415);
      }
      const refused = await upload("not an image", { headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("X-REV-3: /uploads serves only names the server gave (no path traversal)", async () => {
      for (const file of ["../pglite/PG_VERSION", "..", "x.svg", "00000000-0000-4000-8000-000000000000.webp", "a.webp.exe"]) {
        const response = await uploadsRoute.loader(args(new Request("http://localhost/uploads/x"), { file }) as never);
        expect(response.status).toBe(404);
      }
    });
  });
});
