import { describe, expect, it } from "vitest";
import { cardBrand, chargeTestCard, expiryProblem, passesLuhn, REAL_CARD_MESSAGE } from "./cards";

const now = new Date("2026-11-21T12:00:00Z");
const card = (cardNumber: string, expiryDate = "12/30", cvv = "123") =>
  chargeTestCard({ cardNumber, expiryDate, cvv, now });

describe("X-CHK-3: sandbox card checks like Stripe test mode", () => {
  it("4242 4242 4242 4242 pays, keeping only brand and last four", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ ok: true, brand: "visa", last4: "4242" });
    expect(card("5555-5555-5555-4444")).toEqual({ ok: true, brand: "mastercard", last4: "4444" });
  });

  it("4000 0000 0000 0002 is declined with a clear message", () => {
    expect(card("4000 0000 0000 0002")).toEqual({
      ok: false,
      message: "Your card was declined. Please try another card.",
      field: "cardNumber",
    });
  });

  it("checks Luhn, expiry in the future and the CVV format", () => {
    expect(card("4242 4242 4242 4241")).toMatchObject({
      ok: false,
      message: "Your card number is not valid.",
    });
    expect(card("abcd")).toMatchObject({ ok: false });
    expect(card("4242424242424242", "10/26")).toMatchObject({
      ok: false,
      message: "Your card has expired.",
    });
    expect(card("4242424242424242", "11/26")).toMatchObject({ ok: true });
    expect(card("4242424242424242", "13/27")).toMatchObject({ ok: false });
    expect(card("4242424242424242", "1227")).toMatchObject({ ok: false });
    // X-A11Y-2: each refusal names the field the page marks.
    expect(card("4242424242424242", "10/26")).toMatchObject({ field: "expiryDate" });
    expect(card("4242424242424242", "12/30", "12")).toMatchObject({ ok: false, field: "cvv" });
    expect(card("4242424242424242", "12/30", "12a")).toMatchObject({ ok: false });
  });

  it("Luhn and brand helpers", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(expiryProblem(" 01 / 27 ", now)).toBeNull();
  });
});

describe("X-SEC-1: the sandbox takes only Stripe's published test cards", () => {
  it("refuses a real, Luhn-valid card number with the test-shop message", () => {
    for (const real of ["4111 1111 1111 1111", "4539 1488 0343 6467", "5425 2334 3010 9903"]) {
      expect(passesLuhn(real.replace(/ /g, ""))).toBe(true);
      expect(card(real)).toEqual({ ok: false, message: REAL_CARD_MESSAGE, field: "cardNumber" });
    }
    expect(REAL_CARD_MESSAGE).toBe(
      "This is a test shop: no real card can be charged. Use card 4242 4242 4242 4242.",
    );
  });

  it("still takes the published ones, paying or declined", () => {
    expect(card("3782 822463 10005", "12/30", "123")).toMatchObject({ ok: true, brand: "amex" });
    expect(card("4000 0000 0000 9995")).toMatchObject({ ok: false, message: /insufficient/ });
  });
});
