// @module-tag driver
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, testShop } from "./shop";
import { productReviews } from "~/db/schema";
import { loader as healthLoader } from "~/routes/api.health";
import { loader as countLoader } from "~/routes/api.reviews.count";
import { call } from "./helpers";

const expectedDriver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const review = {
  productId: "mens-england-no-gi-set",
  customerName: "Sam Rivers",
  customerEmail: "sam@example.com",
  rating: 5,
  reviewText: "Fits well, print survived twenty washes.",
};

async function insertFails(values: Partial<typeof review> & Record<string, unknown>) {
  const db = await testDb();
  await expect(db.insert(productReviews).values({ ...review, ...values })).rejects.toThrow();
}

describe(`data foundation on ${expectedDriver}`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(productReviews);
  });

  it("GET /api/health answers ok with the driver in use", async () => {
    const response = await call(healthLoader, "/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: expectedDriver });
    expect((await testShop()).connection.driver).toBe(expectedDriver);
  });

  it("S-GLB-7 X-REV-1: GET /api/reviews/count counts the stored reviews", async () => {
    expect(await (await call(countLoader, "/api/reviews/count")).json()).toEqual({ count: 0 });
    const db = await testDb();
    await db.insert(productReviews).values(review);
    await db.insert(productReviews).values({ ...review, rating: 4, photoUrls: ["/uploads/a.webp"] });
    expect(await (await call(countLoader, "/api/reviews/count")).json()).toEqual({ count: 2 });
  });

  it("X-REV-1: product_reviews fills id, created_at and an empty photo list", async () => {
    const db = await testDb();
    const [row] = await db.insert(productReviews).values(review).returning();
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.photoUrls).toEqual([]);
  });

  it("X-REV-1: the schema refuses a rating outside 1-5", async () => {
    await insertFails({ rating: 0 });
    await insertFails({ rating: 6 });
  });

  it("X-REV-1: the schema refuses blank or over-long names and texts", async () => {
    await insertFails({ customerName: "   " });
    await insertFails({ customerName: "n".repeat(81) });
    await insertFails({ reviewText: "" });
    await insertFails({ reviewText: "t".repeat(2001) });
  });

  it("X-REV-1: the schema refuses an implausible e-mail and more than five photos", async () => {
    await insertFails({ customerEmail: "not-an-email" });
    await insertFails({ photoUrls: ["1", "2", "3", "4", "5", "6"] });
  });

  it("X-REV-1: the schema refuses a product id that is not a slug", async () => {
    await insertFails({ productId: "Robert'); DROP TABLE product_reviews;--" });
    const db = await testDb();
    const [{ n } = { n: -1 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productReviews);
    expect(n).toBe(0);
  });
});
