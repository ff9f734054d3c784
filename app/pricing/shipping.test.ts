import { describe, expect, it } from "vitest";
import {
  allowedCountries,
  destinationProblem,
  FREE_STANDARD_SHIPPING_FROM_PENCE,
  isShippingMethodId,
  isUkCountry,
  SHIPPING_METHOD_IDS,
  SHIPPING_METHODS,
  shippingChargePence,
} from "./shipping";

describe("X-UK-1: the shipping table", () => {
  it("X-UK-1: three methods with the issue's ids, labels and charges", () => {
    expect(SHIPPING_METHOD_IDS).toEqual(["uk-standard", "uk-express", "international"]);
    expect(
      SHIPPING_METHOD_IDS.map((id) => [SHIPPING_METHODS[id].label, SHIPPING_METHODS[id].charge]),
    ).toEqual([
      ["UK standard (2-5 working days)", { pence: 399, per: "item" }],
      ["UK express (1-2 working days)", { pence: 899, per: "order" }],
      ["International (7-14 working days)", { pence: 1599, per: "order" }],
    ]);
    expect(FREE_STANDARD_SHIPPING_FROM_PENCE).toBe(7500);
  });

  it("X-UK-1: charges per item, per order, and free standard from £75.00", () => {
    expect(shippingChargePence("uk-standard", 3, 7499)).toBe(1197);
    expect(shippingChargePence("uk-standard", 3, 7500)).toBe(0);
    expect(shippingChargePence("uk-express", 3, 100_000)).toBe(899);
    expect(shippingChargePence("international", 1, 100_000)).toBe(1599);
    expect(shippingChargePence("international", 0, 0)).toBe(0);
  });

  it("X-UK-1: only the three ids are methods", () => {
    expect(isShippingMethodId("uk-express")).toBe(true);
    for (const bad of ["UK-STANDARD", "express", "", null, 3, undefined]) {
      expect(isShippingMethodId(bad)).toBe(false);
    }
  });

  it("X-UK-1: recognises the United Kingdom however it is typed", () => {
    for (const uk of [
      "United Kingdom",
      "UK",
      "u.k.",
      " GB ",
      "Great Britain",
      "England",
      "Scotland",
      "Wales",
      "Northern Ireland",
    ]) {
      expect(isUkCountry(uk), uk).toBe(true);
    }
    for (const other of ["Ireland", "France", "United States", "Jersey", "", "Ukraine"]) {
      expect(isUkCountry(other), other).toBe(false);
    }
  });

  it("X-UK-1: UK methods refuse other countries and international refuses the UK, with a reason", () => {
    expect(destinationProblem("uk-standard", "United Kingdom")).toBeNull();
    expect(destinationProblem("uk-express", "Scotland")).toBeNull();
    expect(destinationProblem("international", "France")).toBeNull();
    expect(destinationProblem("uk-standard", "France")).toMatch(
      /UK standard delivery is for addresses in the United Kingdom.*international delivery for France/,
    );
    expect(destinationProblem("uk-express", "Ireland")).toMatch(/^UK express delivery is for/);
    expect(destinationProblem("international", "UK")).toMatch(/outside the United Kingdom/);
    // The payment page's country defaults to the UK; international needs one typed in.
    expect(destinationProblem("uk-standard", "  ")).toBeNull();
    expect(destinationProblem("international", "")).toMatch(/Please enter the country/);
  });

  it("X-UK-1: Stripe's allowed countries match the method", () => {
    expect(allowedCountries("uk-standard")).toEqual(["GB"]);
    expect(allowedCountries("uk-express")).toEqual(["GB"]);
    expect(allowedCountries("international")).not.toContain("GB");
    expect(allowedCountries("international")).toEqual(expect.arrayContaining(["IE", "FR", "US"]));
  });
});
