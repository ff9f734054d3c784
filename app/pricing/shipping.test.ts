import { describe, expect, it } from "vitest";
import {
  allowedCountries,
  DEFAULT_DELIVERY,
  destinationProblem,
  enabledMethods,
  isShippingMethodId,
  isUkCountry,
  SHIPPING_METHOD_IDS,
  methodLabel,
  shippingChargePence,
} from "./shipping";

describe("X-UK-1: the shipping table", () => {
  it("X-UK-1: three methods with the issue's ids, labels and charges", () => {
    expect(SHIPPING_METHOD_IDS).toEqual(["uk-standard", "uk-express", "international"]);
    expect(
      DEFAULT_DELIVERY.methods.map((m) => [
        methodLabel(m.id, DEFAULT_DELIVERY),
        m.pricePence,
        m.per,
      ]),
    ).toEqual([
      ["UK standard (2-5 working days)", 399, "item"],
      ["UK express (1-2 working days)", 899, "order"],
      ["International (7-14 working days)", 1599, "order"],
    ]);
    expect(DEFAULT_DELIVERY.freeStandardFromPence).toBe(7500);
  });

  it("X-TRUE-2: the owner's prices, per item or order, threshold and methods switched off", () => {
    const delivery = {
      methods: [
        {
          id: "uk-standard" as const,
          enabled: true,
          pricePence: 450,
          per: "order" as const,
          leadTime: "3 days",
        },
        {
          id: "uk-express" as const,
          enabled: false,
          pricePence: 999,
          per: "order" as const,
          leadTime: "1 day",
        },
        {
          id: "international" as const,
          enabled: true,
          pricePence: 2000,
          per: "item" as const,
          leadTime: "10 days",
        },
      ],
      freeStandardFromPence: null,
    };
    expect(shippingChargePence("uk-standard", 3, 1_000_000, delivery)).toBe(450);
    expect(shippingChargePence("international", 2, 0, delivery)).toBe(4000);
    expect(enabledMethods(delivery)).toEqual(["uk-standard", "international"]);
    expect(methodLabel("uk-standard", delivery)).toBe("UK standard (3 days)");
  });

  it("X-UK-1: charges per item, per order, and free standard from £75.00", () => {
    expect(shippingChargePence("uk-standard", 3, 7499, DEFAULT_DELIVERY)).toBe(1197);
    expect(shippingChargePence("uk-standard", 3, 7500, DEFAULT_DELIVERY)).toBe(0);
    expect(shippingChargePence("uk-express", 3, 100_000, DEFAULT_DELIVERY)).toBe(899);
    expect(shippingChargePence("international", 1, 100_000, DEFAULT_DELIVERY)).toBe(1599);
    expect(shippingChargePence("international", 0, 0, DEFAULT_DELIVERY)).toBe(0);
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
