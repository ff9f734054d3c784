import { beforeAll, describe, expect, it } from "vitest";
import { action as productApi, loader as productGet } from "~/routes/api.admin.product";
import { loader as sizeFinder } from "~/routes/api.size-finder";
import { action as productPage } from "~/routes/product";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { useTestSettings } from "./shop";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const GI = "mens-grip-truth-bjj-gi";
let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const find = (query: string) => call(sizeFinder, `/api/size-finder?${query}`);
const get = async (id: string) =>
  (await call(productGet, `/api/admin/products/${id}`, { headers: { cookie } }, { id })).json() as Promise<
    Record<string, unknown> & { version: number; options: Record<string, unknown>[] }
  >;
const put = (id: string, body: unknown) =>
  call(
    productApi,
    `/api/admin/products/${id}`,
    { method: "PUT", headers: { "Content-Type": "application/json", cookie }, body: JSON.stringify(body) },
    { id },
  );

describe(`the size finder over the shop's own charts (${driver})`, () => {
  it("X-FIT-1: GET /api/size-finder answers from the seeded chart in the database; 400 and 404 with sentences", async () => {
    const between = await find(`productId=${GI}&optionType=Gi&heightCm=176&weightKg=72`);
    expect(between.status).toBe(200);
    expect(await between.json()).toEqual({
      size: "A2L",
      between: ["A2", "A2L"],
      note: expect.stringMatching(/shrinks about 3%/),
    });
    const absurd = await find(`productId=${GI}&heightCm=176&weightKg=-4`);
    expect(absurd.status).toBe(400);
    expect((await absurd.json()).error).toMatch(/weight of -4 kg/);
    const missing = await find(`productId=${GI}&weightKg=70`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/height in cm/);
    expect((await find(`heightCm=170`)).status).toBe(400);
    expect((await find(`productId=no-such-thing&heightCm=170&weightKg=70`)).status).toBe(404);
    expect((await find(`productId=mens-grip-truth-sliders&heightCm=170`)).status).toBe(404);
    const rashguard = await find(
      `productId=mens-england-no-gi-set&optionType=Shorts&chestCm=100&waistCm=84`,
    );
    expect(await rashguard.json()).toMatchObject({ size: "M", between: null });
  });

  it("X-FIT-1: the owner's edited chart is what the finder reads; a save without it keeps it; a wrong one is a 400", async () => {
    const before = await get(GI);
    const gi = before.options[0]!;
    const chart = {
      measures: ["heightCm", "weightKg"],
      rows: [
        { size: "A1", ranges: { heightCm: [150, 175], weightKg: [40, 75] } },
        { size: "A3", ranges: { heightCm: [176, 200], weightKg: [76, 120] } },
      ],
    };
    const saved = await put(GI, { version: before.version, options: [{ ...gi, fit: chart }] });
    expect(saved.status).toBe(200);
    const answer = await (await find(`productId=${GI}&heightCm=170&weightKg=70`)).json();
    expect(answer).toMatchObject({ size: "A1", between: null });
    expect(answer.note).not.toMatch(/shrinks/);

    // The options sent again without `fit` (an older client): the chart stays.
    const withoutFit = { ...(await get(GI)).options[0]! };
    delete withoutFit.fit;
    const again = await put(GI, { version: before.version + 1, options: [withoutFit] });
    expect(again.status).toBe(200);
    expect((await get(GI)).options[0]!.fit).toEqual(chart);

    const wrong = await put(GI, {
      version: before.version + 2,
      options: [{ ...gi, fit: { measures: ["heightCm"], rows: [{ size: "A1", ranges: { heightCm: [180, 170] } }] } }],
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatch(/low to high/);

    // Back as it was, and null removes a chart.
    expect((await put(GI, { version: before.version + 2, options: [gi] })).status).toBe(200);
    expect((await get(GI)).options[0]!.fit).toEqual(gi.fit);
    const sliders = await get("mens-grip-truth-sliders");
    expect(sliders.options[0]!.fit).toBeUndefined();
  });

  it("X-FIT-1: the product page's form, posted without JavaScript, answers with the size; an absurd measure is a 400", async () => {
    const form = (fields: Record<string, string>) =>
      call(
        productPage,
        `/product/${GI}`,
        { method: "POST", headers: { origin: "http://shop.test" }, body: new URLSearchParams(fields) },
        { productId: GI },
      );
    const answered = await form({ intent: "size-finder", optionType: "Gi", heightFt: "5", heightIn: "9", weightSt: "11", weightLb: "4" });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ optionType: "Gi", answer: { size: "A2", between: null } });
    const absurd = await form({ intent: "size-finder", optionType: "Gi", heightCm: "17", weightKg: "70" });
    expect(absurd.status).toBe(400);
    expect(await absurd.json()).toMatchObject({ error: expect.stringMatching(/height of 17 cm/), fields: { heightCm: "17" } });
  });
});
