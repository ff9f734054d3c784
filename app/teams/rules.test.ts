import { describe, expect, it } from "vitest";
import {
  checkTeamLine,
  closedSentence,
  teamDeliveryCharge,
  productionSheet,
  sizeCounts,
  slugify,
  timeLeft,
  type RosterEntry,
  type TeamForLine,
} from "./rules";

const team: TeamForLine = {
  slug: "redcar",
  name: "Redcar BJJ",
  status: "open",
  closesAt: new Date("2026-12-01T18:00:00Z"),
  memberNames: true,
  fixedText: "REDCAR BJJ",
  offers: [{ productId: "gi", optionType: "Gi", teamPricePence: 7500 }],
};
const before = new Date("2026-11-30T12:00:00Z");

describe("team rules", () => {
  it("X-TEAM-4 X-TEAM-8 the closing sentence gives the UK date in words and the time of day", () => {
    expect(closedSentence(new Date("2026-12-01T18:00:00Z"))).toBe(
      "This team order closed on 1 December 2026 at 18:00.",
    );
    // 23:30 UTC on 31 March is 00:30 on 1 April in London (summer time).
    expect(closedSentence(new Date("2026-03-31T23:30:00Z"))).toBe(
      "This team order closed on 1 April 2026 at 00:30.",
    );
    expect(closedSentence(new Date("2026-11-26T14:05:00Z"))).toBe(
      "This team order closed on 26 November 2026 at 14:05.",
    );
  });

  it("X-TEAM-6 a together team's delivery reads at the team's own price", () => {
    expect(teamDeliveryCharge(0)).toBe("no delivery charge");
    expect(teamDeliveryCharge(350)).toBe("delivery £3.50 per order");
  });

  it("X-TEAM-2 prices a team line at the team price with the fixed text and the name", () => {
    expect(
      checkTeamLine(team, { productId: "gi", optionType: "Gi", printName: " Ana " }, before),
    ).toEqual({
      ok: true,
      unitPricePence: 7500,
      customText: "REDCAR BJJ",
      printName: "Ana",
    });
    expect(checkTeamLine(team, { productId: "gi", optionType: "Gi" }, before)).toEqual({
      ok: true,
      unitPricePence: 7500,
      customText: "REDCAR BJJ",
    });
  });

  it("X-TEAM-2 refuses what the team does not offer, long names, names where none are taken, and after closing", () => {
    expect(checkTeamLine(team, { productId: "gi", optionType: "Trousers" }, before)).toMatchObject({
      ok: false,
      kind: "invalid_input",
    });
    expect(
      checkTeamLine(team, { productId: "gi", optionType: "Gi", printName: "A".repeat(21) }, before),
    ).toMatchObject({
      ok: false,
      kind: "invalid_input",
      message: "The member's name may be up to 20 characters.",
    });
    expect(
      checkTeamLine(
        { ...team, memberNames: false },
        { productId: "gi", optionType: "Gi", printName: "Ana" },
        before,
      ),
    ).toMatchObject({ ok: false, kind: "invalid_input" });
    expect(
      checkTeamLine(team, { productId: "gi", optionType: "Gi" }, new Date("2026-12-01T18:00:00Z")),
    ).toEqual({
      ok: false,
      kind: "conflict",
      message: "This team order closed on 1 December 2026 at 18:00.",
    });
    expect(
      checkTeamLine(
        { ...team, status: "cancelled" },
        { productId: "gi", optionType: "Gi" },
        before,
      ),
    ).toMatchObject({ kind: "conflict" });
    expect(checkTeamLine(undefined, { productId: "gi", optionType: "Gi" }, before)).toMatchObject({
      kind: "invalid_input",
    });
  });

  it("X-TEAM-5 groups the production sheet by product, option and size with every name", () => {
    const entry = (
      productId: string,
      size: string,
      printName: string | null,
      quantity = 1,
    ): RosterEntry => ({
      memberName: "M",
      email: "m@x.test",
      productId,
      productName: productId.toUpperCase(),
      optionType: "Gi",
      size,
      printName,
      quantity,
      orderNumber: "GT-1",
      status: "paid",
    });
    const sheet = productionSheet([
      entry("gi", "A2", "ANA"),
      entry("rash", "M", null),
      entry("gi", "A1", "BEN"),
      entry("gi", "A2", "CAL", 2),
    ]);
    expect(sheet).toEqual([
      {
        productId: "gi",
        productName: "GI",
        optionType: "Gi",
        color: null,
        beltRank: null,
        size: "A2",
        quantity: 3,
        names: ["ANA", "CAL", "CAL"],
      },
      {
        productId: "gi",
        productName: "GI",
        optionType: "Gi",
        color: null,
        beltRank: null,
        size: "A1",
        quantity: 1,
        names: ["BEN"],
      },
      {
        productId: "rash",
        productName: "RASH",
        optionType: "Gi",
        color: null,
        beltRank: null,
        size: "M",
        quantity: 1,
        names: [""],
      },
    ]);
    expect(
      sizeCounts([
        entry("gi", "A2", null),
        entry("gi", "A1", null),
        entry("rash", "M", null),
        entry("gi", "A2", null, 2),
      ]),
    ).toEqual([
      {
        productName: "GI",
        optionType: "Gi",
        sizes: [
          { size: "A2", count: 3 },
          { size: "A1", count: 1 },
        ],
      },
      { productName: "RASH", optionType: "Gi", sizes: [{ size: "M", count: 1 }] },
    ]);
  });

  it("X-DAY-7 keeps a White A1 gi, a Navy A1 gi and a Blue-belt rashguard apart on the sheet, grouped to work down", () => {
    const entry = (over: Partial<RosterEntry>): RosterEntry => ({
      memberName: "M",
      email: "m@x.test",
      productId: "gi",
      productName: "Pearl Gi",
      optionType: "Gi",
      size: "A1",
      printName: null,
      orderNumber: "GT-1",
      status: "paid",
      ...over,
    });
    const rash = { productId: "rash", productName: "Ranked Rashguard", optionType: "Rashguard" };
    const sheet = productionSheet([
      entry({ color: "White", printName: "ANA" }),
      entry({ ...rash, size: "M", beltRank: "Blue", printName: "BEN" }),
      entry({ color: "Navy", size: "A3", printName: "CAL" }),
      entry({ color: "White", size: "A3", printName: "DEE" }),
      entry({ color: "Navy", printName: "EVE" }),
      entry({ ...rash, size: "M", beltRank: "Purple", printName: "FAY" }),
      entry({ color: "White", printName: "GUS" }),
    ]);
    expect(
      sheet.map((g) => [g.productName, g.color, g.beltRank, g.size, g.quantity, g.names.join("+")]),
    ).toEqual([
      ["Pearl Gi", "White", null, "A1", 2, "ANA+GUS"],
      ["Pearl Gi", "White", null, "A3", 1, "DEE"],
      ["Pearl Gi", "Navy", null, "A1", 1, "EVE"],
      ["Pearl Gi", "Navy", null, "A3", 1, "CAL"],
      ["Ranked Rashguard", null, "Blue", "M", 1, "BEN"],
      ["Ranked Rashguard", null, "Purple", "M", 1, "FAY"],
    ]);
  });

  it("X-TEAM-1 slugs and time left", () => {
    expect(slugify("Redcar BJJ: spring kit")).toBe("redcar-bjj-spring-kit");
    expect(slugify("!!!")).toBe("team");
    const now = new Date("2026-11-01T00:00:00Z");
    expect(timeLeft(new Date("2026-11-03T05:00:00Z"), now)).toBe("2 days 5 hours");
    expect(timeLeft(new Date("2026-11-01T01:01:00Z"), now)).toBe("1 hour 1 minute");
    expect(timeLeft(now, now)).toBe("Closed");
  });
});
