import { describe, expect, it } from "vitest";
import { type DiscountTerms, discountVerdict, INVALID_CODE, USED_UP } from "./rules";

const now = new Date("2026-11-21T12:00:00Z");
const base: DiscountTerms = {
  code: "ACADEMY",
  percent: 15,
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  uses: 0,
  minimumSpendPence: null,
};

describe("discount rules", () => {
  it("X-OPS-9: an active code without terms applies", () => {
    expect(discountVerdict(base, now, 100)).toEqual({
      ok: true,
      discount: { code: "ACADEMY", percent: 15 },
    });
  });

  it("X-OPS-9: unknown, disabled, not started and ended codes are invalid", () => {
    for (const terms of [
      undefined,
      { ...base, active: false },
      { ...base, startsAt: new Date("2026-11-21T12:00:01Z") },
      { ...base, endsAt: new Date("2026-11-21T12:00:00Z") },
    ]) {
      expect(discountVerdict(terms, now)).toMatchObject({ ok: false, error: INVALID_CODE });
    }
    expect(discountVerdict({ ...base, startsAt: now }, now).ok).toBe(true);
  });

  it("X-OPS-9: a code at its limit is used up", () => {
    expect(discountVerdict({ ...base, usageLimit: 1, uses: 1 }, now)).toMatchObject({
      ok: false,
      reason: "used_up",
      error: USED_UP,
    });
    expect(discountVerdict({ ...base, usageLimit: 2, uses: 1 }, now).ok).toBe(true);
  });

  it("X-OPS-9: the minimum spend is on the subtotal, said in pounds", () => {
    const terms = { ...base, minimumSpendPence: 5000 };
    expect(discountVerdict(terms, now, 4999)).toMatchObject({
      ok: false,
      error: "This code needs a subtotal of £50.00 or more.",
    });
    expect(discountVerdict(terms, now, 5000).ok).toBe(true);
    expect(discountVerdict(terms, now).ok).toBe(true);
  });
});
