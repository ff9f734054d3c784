import { readdir, readFile, rm } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop } from "./shop";
import { enquiries, mailOutbox } from "~/db/schema";
import { outboxDir } from "~/mail/mailer.server";
import { action } from "~/routes/api.enquiries";
import { deliverMail, requestContext } from "./helpers";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const valid = {
  name: "Dan Whitfield",
  email: "dan@redcarbjj.example",
  academy: "Redcar BJJ",
  garmentTypes: ["Rashguards", "Gis"],
  quantity: "25-49",
  message: "Club rashguards in teal for about 30 members, before March.",
};

let address = 0;

async function post(
  body: unknown,
  { headers = {}, from }: { headers?: Record<string, string>; from?: string } = {},
) {
  const request = new Request("http://localhost/api/enquiries", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      host: "localhost",
      // A fresh client address per request unless a test wants the same one (rate limit).
      "x-client-address": from ?? `10.0.0.${++address}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const context = await requestContext();
  return action({ request, params: {}, context } as unknown as Parameters<typeof action>[0]);
}

async function storedCount() {
  const db = await testDb();
  return (await db.select().from(enquiries)).length;
}

async function outbox(): Promise<string[]> {
  await deliverMail();
  try {
    return await readdir(outboxDir(theShop().settings));
  } catch {
    return [];
  }
}

describe(`POST /api/enquiries on ${driver}`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(enquiries);
    await db.delete(mailOutbox);
    await rm(outboxDir(theShop().settings), { recursive: true, force: true });
  });

  it("X-INFO-1: stores the enquiry, answers 201 and e-mails the shop with Reply-To the customer", async () => {
    const response = await post({ ...valid, name: "  Dan Whitfield  " });
    expect(response.status).toBe(201);
    const json = (await response.json()) as { ok: boolean; id: string };
    expect(json.ok).toBe(true);

    const db = await testDb();
    const rows = await db.select().from(enquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: json.id,
      name: "Dan Whitfield",
      email: "dan@redcarbjj.example",
      academy: "Redcar BJJ",
      garmentTypes: ["Rashguards", "Gis"],
      quantity: "25-49",
      message: valid.message,
    });

    const files = await outbox();
    expect(files).toHaveLength(1);
    const mail = await readFile(`${outboxDir(theShop().settings)}/${files[0]}`, "utf8");
    expect(mail).toMatch(/^To: hello@griptruth\.co\.uk$/m);
    expect(mail).toMatch(/^Reply-To: dan@redcarbjj\.example$/m);
    expect(mail).toMatch(/^Subject: Custom gear enquiry from Redcar BJJ$/m);
    expect(mail).toContain("Club rashguards in teal");
  });

  it("X-INFO-1: optional fields may be left out", async () => {
    const response = await post({ name: "Sam", email: "sam@example.com", message: "Hoodies?" });
    expect(response.status).toBe(201);
    const db = await testDb();
    const [row] = await db.select().from(enquiries);
    expect(row).toMatchObject({ academy: null, quantity: null, garmentTypes: [] });
  });

  it("X-SHOP-4: bad input gets a 400 with a message and nothing is stored or sent", async () => {
    const cases: unknown[] = [
      { ...valid, email: "not-an-email" },
      { ...valid, name: "   " },
      { ...valid, message: "" },
      { ...valid, message: "x".repeat(4001) },
      { ...valid, garmentTypes: "Gis" },
      { ...valid, garmentTypes: ["Socks"] },
      { ...valid, quantity: 12 },
      [],
      null,
      "{not json",
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const json = (await response.json()) as { error: string };
      expect(json.error).toEqual(expect.any(String));
      expect(json.error.length).toBeGreaterThan(5);
    }
    expect(await storedCount()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it("X-SHOP-4: a too-large body is refused with 413", async () => {
    const response = await post({ ...valid, message: "x".repeat(20_000) });
    expect(response.status).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it("X-INFO-1: a filled-in honeypot looks accepted but nothing is stored or sent", async () => {
    const response = await post({ ...valid, website: "http://spam.example" });
    expect(response.status).toBe(201);
    expect(await storedCount()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it("X-SHOP-4: more than ENQUIRY_RATE_LIMIT (5) a minute from one address gets 429", async () => {
    const from = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      expect((await post(valid, { from })).status).toBe(201);
    }
    const refused = await post(valid, { from });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many enquiries/);
    expect(await storedCount()).toBe(5);
    // Another address is not affected.
    expect((await post(valid, { from: "192.0.2.78" })).status).toBe(201);
  });

  it("X-SHOP-4: a cross-origin POST is refused with 403 and nothing is stored", async () => {
    const response = await post(valid, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/this shop/);
    expect(await storedCount()).toBe(0);
    const same = await post(valid, { headers: { origin: "http://localhost" } });
    expect(same.status).toBe(201);
  });
});
