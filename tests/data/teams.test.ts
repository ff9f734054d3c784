import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb } from "./shop";
import { mailOutbox, orders, teamProducts, teams } from "~/db/schema";
import { action as createApi, loader as listApi } from "~/routes/api.admin.teams";
import { loader as teamApi } from "~/routes/api.admin.team";
import { action as newTeamPage } from "~/routes/admin.team-new";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";

process.env.ADMIN_EMAIL = OWNER.email;
process.env.ADMIN_PASSWORD = OWNER.password;

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

export function teamBody(over: Record<string, unknown> = {}) {
  return {
    name: "Redcar BJJ: spring kit",
    organiserName: "Coach Dan",
    organiserEmail: "dan@redcarbjj.test",
    closesAt: inDays(7).toISOString(),
    delivery: "together",
    deliveryAddress: "Redcar BJJ, 1 Coatham Road, Redcar TS10 1RH",
    minimumItems: 3,
    memberNames: true,
    fixedText: "REDCAR BJJ",
    products: [
      { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", teamPricePence: 3000 },
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 },
    ],
    ...over,
  };
}

const create = (body: unknown, withCookie = true) =>
  call(createApi, "/api/admin/teams", postJson(body, withCookie ? { cookie } : {}));

beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(teamProducts);
  await db.delete(teams);
  await db.delete(mailOutbox);
});

describe("X-TEAM-1 the owner's team store", () => {
  it("X-TEAM-1 POST /api/admin/teams makes the store, e-mails the organiser both links, and lists it", async () => {
    const response = await create(teamBody());
    expect(response.status).toBe(201);
    const made = (await response.json()) as Record<string, unknown>;
    expect(made.slug).toBe("redcar-bjj-spring-kit");
    expect(made.url).toMatch(/\/team\/redcar-bjj-spring-kit$/);
    expect(made.organiserUrl).toMatch(/\/team\/redcar-bjj-spring-kit\/organiser\?key=[\w-]{20,}$/);
    expect(made).toMatchObject({ name: "Redcar BJJ: spring kit", delivery: "together", memberNames: true, fixedText: "REDCAR BJJ", open: true, status: "open" });

    const db = await testDb();
    const [row] = await db.select().from(teams);
    // The key itself is not stored, only its hash.
    const key = new URL(made.organiserUrl as string).searchParams.get("key")!;
    expect(row!.organiserKeyHash).not.toContain(key);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "dan@redcarbjj.test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(made.url as string);
    expect(mails[0]!.text).toContain(made.organiserUrl as string);

    // A second store with the same name gets its own address.
    const second = (await (await create(teamBody())).json()) as { slug: string };
    expect(second.slug).toBe("redcar-bjj-spring-kit-2");

    const list = (await (await call(listApi, "/api/admin/teams", { headers: { cookie } })).json()) as { teams: { slug: string }[] };
    expect(list.teams.map((t) => t.slug).sort()).toEqual(["redcar-bjj-spring-kit", "redcar-bjj-spring-kit-2"]);
    const detail = await call(teamApi, "/api/admin/teams/redcar-bjj-spring-kit", { headers: { cookie } }, { slug: "redcar-bjj-spring-kit" });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({ slug: "redcar-bjj-spring-kit", orders: [], roster: [], products: [{ productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", teamPricePence: 3000 }, { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 }] });
    const missing = await call(teamApi, "/api/admin/teams/nope", { headers: { cookie } }, { slug: "nope" });
    expect(missing.status).toBe(404);
  });

  it("X-TEAM-1 refuses bad stores with a sentence and needs the owner", async () => {
    expect((await create(teamBody(), false)).status).toBe(401);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fixedText: "THIS TEXT IS FAR TOO LONG" }, /1 to 20 characters/],
      [{ closesAt: new Date(Date.now() - 60_000).toISOString() }, /future/],
      [{ delivery: "together", deliveryAddress: null }, /delivery address/],
      [{ products: [{ productId: "no-such", optionType: "Gi", teamPricePence: 100 }] }, /don't sell/],
      [{ products: [{ productId: "mens-grip-truth-bjj-gi", optionType: "Hoodie", teamPricePence: 100 }] }, /no option/],
      [{ products: [] }, /at least one product/],
      [{ extra: 1 }, /Unknown field/],
    ];
    for (const [over, message] of cases) {
      const response = await create(teamBody(over));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const db = await testDb();
    expect(await db.select().from(teams)).toHaveLength(0);
  });

  it("X-TEAM-1 the owner's form at /admin/teams/new opens a store from UK local time and pounds", async () => {
    const form = new FormData();
    form.set("name", "Tees Muay Thai");
    form.set("organiserName", "Kru Sam");
    form.set("organiserEmail", "sam@tees.test");
    form.set("closesAt", "2099-06-01T18:00");
    form.set("delivery", "individual");
    form.set("fixedText", "TEES MT");
    form.append("offer", "mens-grip-truth-bjj-gi|Gi");
    form.set("price:mens-grip-truth-bjj-gi|Gi", "70.50");
    const response = await call(newTeamPage, "/admin/teams/new", { method: "POST", body: form, headers: { cookie, origin: "http://shop.test" } });
    expect(response.status).toBe(201);
    const db = await testDb();
    const [row] = await db.select().from(teams);
    // 18:00 in London on 1 June (summer time) is 17:00 UTC.
    expect(row!.closesAt.toISOString()).toBe("2099-06-01T17:00:00.000Z");
    expect(row!.memberNames).toBe(false);
    const [offer] = await db.select().from(teamProducts);
    expect(offer!.teamPricePence).toBe(7050);
  });
});
