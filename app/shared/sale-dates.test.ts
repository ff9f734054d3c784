import { describe, expect, it } from "vitest";
import { saleDates } from "./sale-dates";

const now = new Date("2026-11-26T12:00:00Z");

describe("a sale's dates as a person writes them", () => {
  it("X-TRUE-8: no start and no end reads 'Until further notice', never 'from now to until ended'", () => {
    expect(saleDates(null, null, now)).toBe("Until further notice");
  });

  it("X-TRUE-8: an end only reads 'Ends 3 December at 18:00' (UK time; the year only when not this one)", () => {
    expect(saleDates(null, new Date("2026-12-03T18:00:00Z"), now)).toBe("Ends 3 December at 18:00");
    expect(saleDates(null, new Date("2027-01-05T00:00:00Z"), now)).toBe(
      "Ends 5 January 2027 at 00:00",
    );
    // Summer time: 09:00 in London is 08:00 UTC.
    expect(saleDates(null, new Date("2027-06-01T08:00:00Z"), now)).toBe(
      "Ends 1 June 2027 at 09:00",
    );
  });

  it("X-TRUE-8: a start says whether it is to come or has begun", () => {
    expect(saleDates(new Date("2026-12-01T09:00:00Z"), new Date("2026-12-03T18:00:00Z"), now)).toBe(
      "Starts 1 December at 09:00, ends 3 December at 18:00",
    );
    expect(saleDates(new Date("2026-11-20T09:00:00Z"), null, now)).toBe(
      "Started 20 November at 09:00; until further notice",
    );
    expect(saleDates(new Date("2026-11-01T09:00:00Z"), new Date("2026-11-02T09:00:00Z"), now)).toBe(
      "Started 1 November at 09:00, ended 2 November at 09:00",
    );
  });
});
