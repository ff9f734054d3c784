import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { auditLog, enquiries, productReviews, reviewPhotos } from "~/db/schema";
import { countReviews } from "~/reviews/count.server";
import { ReviewList } from "~/reviews/components/ReviewCard";
import { createReview } from "~/reviews/reviews.server";
import { uploaderHash } from "~/reviews/uploader.server";
import type { PublicReview } from "~/reviews/types";
import { loader as productLoader } from "~/routes/product";
import { loader as productReviewsApi } from "~/routes/api.product-reviews";
import { loader as reviewCount } from "~/routes/api.reviews.count";
import { loader as ownerReviewsApi } from "~/routes/api.admin.reviews";
import { action as hiddenApi } from "~/routes/api.admin.review-hidden";
import { action as deleteApi } from "~/routes/api.admin.review";
import { action as reviewsPage } from "~/routes/admin.reviews";
import { loader as enquiriesApi } from "~/routes/api.admin.enquiries";
import { action as handledApi } from "~/routes/api.admin.enquiry-handled";
import { loader as adminLayout } from "~/routes/admin.layout";
import { action as enquiryPage, loader as enquiryPageLoader } from "~/routes/admin.enquiry";
import { receiveEnquiry } from "~/enquiries/enquiries.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const PRODUCT = "knee-pads";
let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  const db = await testDb();
  await db.delete(productReviews);
  await db.delete(reviewPhotos);
  await db.delete(enquiries);
});

/** The browser the photos of these reviews were uploaded from (X-SEC-15). */
const UPLOADER = uploaderHash("o".repeat(43));

async function review(name: string, rating: number, photoUrls: string[] = []) {
  const db = await testDb();
  return createReview(
    db,
    PRODUCT,
    {
    customer_name: name,
    customer_email: `${name.toLowerCase()}@example.com`,
    rating,
    review_text: `${name} says these knee pads are ${rating === 1 ? "SPAM SPAM" : "great"}.`,
    photo_urls: photoUrls,
    },
    undefined,
    UPLOADER,
  );
}

async function publicSurfaces() {
  const api = (await (
    await call(productReviewsApi, `/api/products/${PRODUCT}/reviews`, undefined, {
      productId: PRODUCT,
    })
  ).json()) as PublicReview[];
  const page = (await (
    await call(productLoader, `/product/${PRODUCT}`, undefined, { productId: PRODUCT })
  ).json()) as {
    reviews: PublicReview[];
    rating: { count: number; average: number } | null;
    jsonLd: string;
  };
  const html = renderToStaticMarkup(createElement(ReviewList, { reviews: page.reviews }));
  // The page's own structured data (issue 55: built and written by its loader), the listing first.
  const [jsonLd] = JSON.parse(page.jsonLd) as [Record<string, unknown>];
  const count = ((await (await call(reviewCount, "/api/reviews/count")).json()) as { count: number })
    .count;
  return { api, page, html, jsonLd, count };
}

const setHidden = (id: string, body: unknown, headers: Record<string, string> = { cookie }) =>
  call(hiddenApi, `/api/admin/reviews/${id}/hidden`, postJson(body, headers), { id });

describe(`the owner's reviews (${TEST_DRIVER})`, () => {
  it("X-OPS-7: a hidden review is gone from the API, the page, the JSON-LD rating and the count; shown again it is back", async () => {
    await review("Alex", 5);
    const spam = await review("Spammer", 1);
    let surfaces = await publicSurfaces();
    expect(surfaces.api).toHaveLength(2);
    expect(surfaces.count).toBe(2);
    expect(surfaces.jsonLd.aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 2 });

    const hidden = await setHidden(spam.id, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ id: spam.id, hidden: true });

    surfaces = await publicSurfaces();
    expect(surfaces.api.map((r) => r.customer_name)).toEqual(["Alex"]);
    expect(surfaces.page.reviews.map((r) => r.customer_name)).toEqual(["Alex"]);
    expect(surfaces.html).not.toContain("SPAM SPAM");
    expect(surfaces.html).not.toContain("Spammer");
    expect(surfaces.html).toContain("Alex");
    expect(surfaces.jsonLd.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(surfaces.count).toBe(1);
    expect(await countReviews(await testDb())).toBe(1);

    // The owner still sees it, marked hidden, with the e-mail.
    const owner = (await (
      await call(ownerReviewsApi, "/api/admin/reviews", { headers: { cookie } })
    ).json()) as { reviews: { customerName: string; customerEmail: string; hidden: boolean }[] };
    expect(owner.reviews.map((r) => [r.customerName, r.customerEmail, r.hidden])).toEqual([
      ["Spammer", "spammer@example.com", true],
      ["Alex", "alex@example.com", false],
    ]);

    expect((await setHidden(spam.id, { hidden: false })).status).toBe(200);
    surfaces = await publicSurfaces();
    expect(surfaces.api).toHaveLength(2);
    expect(surfaces.count).toBe(2);

    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, `review:${spam.id}`));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["review.hide", OWNER.email],
      ["review.show", OWNER.email],
    ]);
  });

  it("X-OPS-7: delete removes the review and its photos for good, after the page's confirmation", async () => {
    const db = await testDb();
    const photoId = randomUUID();
    await db.insert(reviewPhotos).values({
      id: photoId,
      image: Buffer.from("image"),
      thumbnail: Buffer.from("thumb"),
      storedBytes: 10,
      uploaderHash: UPLOADER,
    });
    const withPhoto = await review("Pics", 4, [`/uploads/${photoId}.webp`]);

    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", withPhoto.id);
    const unconfirmed = await call(reviewsPage, "/admin/reviews", {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    expect(unconfirmed.status).toBe(400);
    expect((await db.select().from(productReviews)).length).toBe(1);

    const removed = await call(
      deleteApi,
      `/api/admin/reviews/${withPhoto.id}`,
      { method: "DELETE", headers: { cookie } },
      { id: withPhoto.id },
    );
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ deleted: withPhoto.id, photosRemoved: 1 });
    expect(await db.select().from(productReviews)).toEqual([]);
    expect(await db.select({ id: reviewPhotos.id }).from(reviewPhotos)).toEqual([]);
    const again = await call(
      deleteApi,
      `/api/admin/reviews/${withPhoto.id}`,
      { method: "DELETE", headers: { cookie } },
      { id: withPhoto.id },
    );
    expect(again.status).toBe(404);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "review.delete"));
    expect(entry).toMatchObject({ actor: OWNER.email, subject: `review:${withPhoto.id}` });
  });

  it("X-OPS-7: bad input and no session are refused with a 4xx", async () => {
    const one = await review("Alex", 5);
    expect((await setHidden(one.id, { hidden: "yes" })).status).toBe(400);
    expect((await setHidden("not-a-uuid", { hidden: true })).status).toBe(404);
    expect((await setHidden(randomUUID(), { hidden: true })).status).toBe(404);
    expect((await setHidden(one.id, { hidden: true }, {})).status).toBe(401);
    expect((await call(ownerReviewsApi, "/api/admin/reviews")).status).toBe(401);
    const crossSite = await setHidden(one.id, { hidden: true }, { cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await publicSurfaces()).count).toBe(1);
  });
});

describe(`the owner's enquiries (${TEST_DRIVER})`, () => {
  async function enquire(name: string) {
    const outcome = await receiveEnquiry(await testDb(), {
      name,
      email: `${name.toLowerCase()}@club.example`,
      academy: `${name} BJJ`,
      garmentTypes: ["Rashguards"],
      quantity: "10-24",
      message: `Team kit for ${name}.`,
    }, theShop().settings);
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.data.id!;
  }

  it("X-OPS-8: newest first, counted in the navigation until handled, handled once and audited", async () => {
    const first = await enquire("Older");
    // A minute older, without waiting for the clock to move on.
    await (await testDb())
      .update(enquiries)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(enquiries.id, first));
    const second = await enquire("Newer");
    const list = async () =>
      (await (await call(enquiriesApi, "/api/admin/enquiries", { headers: { cookie } })).json()) as {
        enquiries: { id: string; name: string; handled: boolean }[];
        unhandled: number;
      };
    expect((await list()).enquiries.map((e) => e.name)).toEqual(["Newer", "Older"]);
    expect((await list()).unhandled).toBe(2);
    const badges = async () =>
      ((await (await call(adminLayout, "/admin/orders", { headers: { cookie } })).json()) as {
        badges: Record<string, number>;
      }).badges;
    expect(await badges()).toMatchObject({ enquiries: 2 });

    const handled = await call(
      handledApi,
      `/api/admin/enquiries/${first}/handled`,
      { method: "POST", headers: { cookie } },
      { id: first },
    );
    expect(handled.status).toBe(200);
    expect(await handled.json()).toMatchObject({ id: first, handled: true, handledBy: OWNER.email });
    expect(await badges()).toMatchObject({ enquiries: 1 });

    // The page's button does the same; again changes nothing.
    const viaPage = await call(enquiryPage, `/admin/enquiries/${second}`, {
      method: "POST",
      body: new FormData(),
      headers: { cookie },
    }, { id: second });
    expect(viaPage.status).toBe(200);
    await call(handledApi, `/api/admin/enquiries/${second}/handled`, { method: "POST", headers: { cookie } }, { id: second });
    expect((await list()).unhandled).toBe(0);
    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "enquiry.handled"));
    expect(audit.map((a) => a.subject).sort()).toEqual([`enquiry:${first}`, `enquiry:${second}`].sort());

    const page = (await (
      await call(enquiryPageLoader, `/admin/enquiries/${second}`, { headers: { cookie } }, { id: second })
    ).json()) as { enquiry: { message: string; email: string } };
    expect(page.enquiry).toMatchObject({ message: "Team kit for Newer.", email: "newer@club.example" });
  });

  it("X-OPS-8: an unknown enquiry is a 404; no session a 401", async () => {
    const post = (id: string, headers: Record<string, string>) =>
      call(handledApi, `/api/admin/enquiries/${id}/handled`, { method: "POST", headers }, { id });
    expect((await post(randomUUID(), { cookie })).status).toBe(404);
    expect((await post("nope", { cookie })).status).toBe(404);
    expect((await post(randomUUID(), {})).status).toBe(401);
    expect((await call(enquiriesApi, "/api/admin/enquiries")).status).toBe(401);
  });
});
