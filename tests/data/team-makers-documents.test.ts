import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, teams } from "~/db/schema";
import { closeDueTeams } from "~/teams/closing.server";
import { OWNER } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, theShop, useTestSettings } from "./shop";
import { makeTeam, memberPays, rashguard, useTeamShop } from "./team-fixtures";
import { loader as batchPage } from "~/routes/admin.team";
import { loader as slipPage } from "~/routes/admin.orders.print";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SHOP_EMAIL: "shop@griptruth.test",
  OWNER_NOTIFICATIONS: "on",
});

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const owner = useTeamShop();

const HOODIE = "mens-grip-truth-hoodie";
const hoodie = (slug: string, over: Record<string, unknown> = {}) => ({
  productId: HOODIE,
  optionType: "Hoodies",
  size: "M",
  color: "Grey",
  quantity: 1,
  team: slug,
  ...over,
});
const person = (first: string) => ({ firstName: first, lastName: "Oak", email: `${first.toLowerCase()}@example.com` });

describe(`the maker's documents on ${TEST_DRIVER}`, () => {
  it("X-DAY-7 the production sheet, the closing summary's To make list and the job sheets carry colour, belt rank, size, printed name and the team's text, by product name", async () => {
    const { slug } = await makeTeam(owner.cookie, {
      products: [
        { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", teamPricePence: 3000 },
        { productId: HOODIE, optionType: "Hoodies", teamPricePence: 3500 },
      ],
    });
    await memberPays([hoodie(slug, { printName: "ANA" })], person("Ana"));
    await memberPays([rashguard(slug, { printName: "BEN" })], person("Ben"));
    await memberPays([hoodie(slug, { color: "Black", size: "L", printName: "CAL" })], person("Cal"));
    await memberPays([rashguard(slug, { beltRank: "Purple", printName: "DEE" })], person("Dee"));
    await memberPays([hoodie(slug, { printName: "EVE" })], person("Eve"));

    // The owner's production sheet: one row per product, option, colour, belt rank and size.
    const page = (await (await call(batchPage, `/admin/teams/${slug}`, { headers: { cookie: owner.cookie } }, { slug })).json()) as {
      sheet: { productName: string; optionType: string; color: string | null; beltRank: string | null; size: string; quantity: number; names: string[] }[];
    };
    expect(page.sheet.map((g) => [g.productName, g.color, g.beltRank, g.size, g.quantity, g.names.join(", ")])).toEqual([
      ["Mens Grip Truth Hoodie", "Grey", null, "M", 2, "ANA, EVE"],
      ["Mens Grip Truth Hoodie", "Black", null, "L", 1, "CAL"],
      ["Mens Ranked Gorilla No-Gi Set", null, "Blue", "M", 1, "BEN"],
      ["Mens Ranked Gorilla No-Gi Set", null, "Purple", "M", 1, "DEE"],
    ]);

    // The closing summary's To make list, as the organiser and the shop read it.
    const db = await testDb();
    await db.update(teams).set({ closesAt: new Date(Date.now() - 1000) }).where(eq(teams.slug, slug));
    expect(await closeDueTeams(db, theShop().settings, new Date())).toBe(1);
    const [summary] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "dan@redcarbjj.test"), like(mailOutbox.subject, "Team order closed:%")));
    const text = summary!.text;
    expect(text).toContain("To make (printed on every item: REDCAR BJJ):");
    expect(text).toContain("- Mens Grip Truth Hoodie (Hoodies, Size: M, Colour: Grey): 2; names: ANA, EVE");
    expect(text).toContain("- Mens Grip Truth Hoodie (Hoodies, Size: L, Colour: Black): 1; names: CAL");
    expect(text).toContain("- Mens Ranked Gorilla No-Gi Set (Rashguard, Size: M, Belt rank: Blue): 1; names: BEN");
    expect(text).toContain("- Mens Ranked Gorilla No-Gi Set (Rashguard, Size: M, Belt rank: Purple): 1; names: DEE");
    expect(text).toMatch(/- Cal Oak: Mens Grip Truth Hoodie \(Hoodies, Size: L, Colour: Black, Name to print: CAL\), GT-/);
    // No raw product id anywhere a person reads.
    expect(text).not.toContain(HOODIE);
    expect(text).not.toContain("mens-ranked-gorilla-no-gi-set");

    // The job sheet of one member's order carries the same choices.
    const number = /Cal Oak: .*, (GT-[\w-]+)/.exec(text)![1]!;
    const slips = (await (await call(slipPage, `/admin/orders/print?orders=${number}`, { headers: { cookie: owner.cookie } })).json()) as {
      slips: { lines: { productName: string; color: string; size: string; customText: string; printName: string }[] }[];
    };
    expect(slips.slips[0]!.lines[0]).toMatchObject({ productName: "Mens Grip Truth Hoodie", color: "Black", size: "L", customText: "REDCAR BJJ", printName: "CAL" });
  });
});
