import { describe, expect, it } from "vitest";
import {
  formatLondonDate,
  fromLondonLocal,
  isBritishSummerTime,
  londonIsoDate,
  toLondonLocal,
} from "./london-time";

describe("London wall-clock times", () => {
  it("X-OPS-9: winter is UTC, summer is UTC+1", () => {
    expect(fromLondonLocal("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(fromLondonLocal("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(toLondonLocal(new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T09:00");
  });

  it("X-OPS-9: text that is not a date is refused", () => {
    expect(fromLondonLocal("tomorrow")).toBeUndefined();
    expect(fromLondonLocal("2026-02-30T09:00")).toBeUndefined();
  });
});

const byIntl = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

const isoByIntl = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "Europe/London",
});

describe("the London date without Intl", () => {
  it("S-REV-1: writes a review's date as '5 May 2026'", () => {
    expect(formatLondonDate(new Date("2026-05-05T12:00:00Z"))).toBe("5 May 2026");
    expect(formatLondonDate(new Date("2026-12-31T23:59:59Z"))).toBe("31 December 2026");
  });

  it("S-REV-1: a review written just after midnight in summer is dated by London's clock", () => {
    // 23:30 UTC on 4 May is 00:30 on 5 May in London (BST); in winter London is on UTC.
    expect(formatLondonDate(new Date("2026-05-04T23:30:00Z"))).toBe("5 May 2026");
    expect(formatLondonDate(new Date("2026-01-04T23:30:00Z"))).toBe("4 January 2026");
  });

  it("changes at 01:00 UTC on the last Sunday of March and of October", () => {
    expect(isBritishSummerTime(new Date("2026-03-29T00:59:59Z"))).toBe(false);
    expect(isBritishSummerTime(new Date("2026-03-29T01:00:00Z"))).toBe(true);
    expect(isBritishSummerTime(new Date("2026-10-25T00:59:59Z"))).toBe(true);
    expect(isBritishSummerTime(new Date("2026-10-25T01:00:00Z"))).toBe(false);
  });

  it("agrees with Intl's Europe/London on every half hour around each change, 2000-2040", () => {
    for (let year = 2000; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // The last week of March and of October, every 30 minutes.
        for (
          let t = Date.UTC(year, month, 24);
          t < Date.UTC(year, month + 1, 1, 6);
          t += 1_800_000
        ) {
          const instant = new Date(t);
          expect(formatLondonDate(instant), instant.toISOString()).toBe(byIntl.format(instant));
        }
      }
    }
  });

  it("agrees with Intl at 23:30 UTC on every day of a year", () => {
    for (let day = 0; day < 366; day++) {
      const instant = new Date(Date.UTC(2028, 0, 1 + day, 23, 30));
      expect(formatLondonDate(instant)).toBe(byIntl.format(instant));
      expect(londonIsoDate(instant)).toBe(isoByIntl.format(instant));
    }
  });
});
