import { describe, expect, it } from "vitest";
import {
  formatLondon,
  formatLondonDate,
  formatLondonDayTime,
  formatLondonMediumDate,
  formatLondonNumeric,
  fromLondonLocal,
  isBritishSummerTime,
  londonClockTime,
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

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "Europe/London" });

describe("the back office's London formats, as the pages and exports built them before", () => {
  const closing = intl({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const spreadsheet = intl({
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const mediumShort = intl({ dateStyle: "medium", timeStyle: "short" });
  const medium = intl({ dateStyle: "medium" });
  const dayTime = intl({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

  it("X-TEAM-1, X-DAY-6: a team's closing time and the CSV's cells agree with Intl around each change", () => {
    for (let year = 2024; year <= 2032; year++) {
      for (const month of [2, 9]) {
        for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1, 6); t += 900_000) {
          const instant = new Date(t);
          expect(londonClockTime(instant), instant.toISOString()).toBe(closing.format(instant));
          expect(formatLondonNumeric(instant), instant.toISOString()).toBe(
            spreadsheet.format(instant).replace(",", ""),
          );
        }
      }
    }
  });

  it("the owner's pages: the same text as Intl's medium date and short time, every 7 hours of a year", () => {
    for (let t = Date.UTC(2026, 0, 1, 0, 5); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000) {
      const instant = new Date(t);
      expect(formatLondon(instant)).toBe(mediumShort.format(instant));
      expect(formatLondonMediumDate(instant)).toBe(medium.format(instant));
      expect(formatLondonDayTime(instant)).toBe(dayTime.format(instant));
    }
    expect(formatLondon(new Date("2026-09-05T08:05:00Z"))).toBe("5 Sept 2026, 09:05");
    expect(formatLondonDayTime(new Date("2026-12-01T00:30:00Z"))).toBe("1 Dec, 00:30");
  });
});
