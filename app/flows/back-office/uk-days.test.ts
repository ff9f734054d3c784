import { describe, expect, it } from "vitest";
import { startOfUkDay, ukDay, ukDaysEnding } from "./uk-days";

describe("X-DAY-2: UK days for the dashboard", () => {
  it("X-DAY-2: a summer evening after 23:00 UTC is already the next UK day", () => {
    expect(ukDay(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(ukDay(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-01");
  });

  it("X-DAY-2: a UK day starts at midnight in London, BST or GMT", () => {
    expect(startOfUkDay("2026-07-02").toISOString()).toBe("2026-07-01T23:00:00.000Z");
    expect(startOfUkDay("2026-12-02").toISOString()).toBe("2026-12-02T00:00:00.000Z");
    // The day the clocks go forward (29 March 2026) starts at GMT midnight.
    expect(startOfUkDay("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfUkDay("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  it("X-DAY-2: the last n days, oldest first, across a month's end", () => {
    expect(ukDaysEnding(new Date("2026-03-01T12:00:00Z"), 3)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
    expect(ukDaysEnding(new Date("2026-11-24T08:00:00Z"), 30)).toHaveLength(30);
  });
});
