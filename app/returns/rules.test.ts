import { describe, expect, it } from "vitest";
import type { FulfilmentStatus, PaymentStatus } from "~/orders/schema";
import { lineRefusal, returnedValuePence, returnReference, returnWindow, ukDate } from "./rules";

const order = (over: Partial<Parameters<typeof returnWindow>[0]> = {}) => ({
  orderNumber: "GT-10007",
  paymentStatus: "paid" as PaymentStatus,
  fulfilmentStatus: "delivered" as FulfilmentStatus,
  dispatchedAt: new Date("2026-11-02T09:00:00Z"),
  deliveredAt: new Date("2026-11-04T15:00:00Z"),
  ...over,
});

describe("X-UK-5: the returns window", () => {
  it("X-UK-5: open until the end of the 14th UK day after delivery", () => {
    expect(returnWindow(order(), new Date("2026-11-18T23:59:00Z"))).toEqual({
      open: true,
      lastDay: "2026-11-18",
      countedFrom: "delivery",
      days: 14,
    });
    const late = returnWindow(order(), new Date("2026-11-19T00:00:01Z"));
    expect(late).toEqual({
      open: false,
      reason: expect.stringContaining(
        "The 14-day return window for order GT-10007 ended on 18 November 2026 (14 days after delivery).",
      ),
    });
  });

  it("X-UK-5: counted from dispatch when delivery is not recorded", () => {
    const dispatched = order({ fulfilmentStatus: "dispatched", deliveredAt: null });
    expect(returnWindow(dispatched, new Date("2026-11-16T12:00:00Z"))).toMatchObject({
      open: true,
      lastDay: "2026-11-16",
      countedFrom: "dispatch",
    });
    expect(returnWindow(dispatched, new Date("2026-11-17T12:00:00Z"))).toMatchObject({
      open: false,
      reason: expect.stringContaining("(14 days after dispatch plus the delivery time)"),
    });
  });

  it("X-TRUE-2: the owner's window, and dispatch plus the delivery's longest time in working days", () => {
    const dispatched = order({ fulfilmentStatus: "dispatched", deliveredAt: null });
    // Dispatched Monday 2 November 2026; 5 working days later is Monday 9 November; 30 days on.
    const rule = { days: 30, deliveryDays: 5 };
    expect(returnWindow(dispatched, new Date("2026-12-09T12:00:00Z"), rule)).toMatchObject({
      open: true,
      lastDay: "2026-12-09",
      countedFrom: "dispatch",
      days: 30,
    });
    expect(returnWindow(dispatched, new Date("2026-12-10T12:00:00Z"), rule)).toMatchObject({
      open: false,
      reason: expect.stringContaining("The 30-day return window"),
    });
  });

  it("X-UK-5: UK days, including summer time: delivered 23:30 UTC on 30 June is 1 July in the UK", () => {
    expect(ukDate(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    const summer = order({ deliveredAt: new Date("2026-06-30T23:30:00Z") });
    expect(returnWindow(summer, new Date("2026-07-15T22:59:00Z"))).toMatchObject({
      open: true,
      lastDay: "2026-07-15",
    });
    expect(returnWindow(summer, new Date("2026-07-15T23:01:00Z"))).toMatchObject({ open: false });
  });

  it("X-UK-5: not-yet-dispatched, unpaid and cancelled orders are refused with the reason", () => {
    const now = new Date("2026-11-05T12:00:00Z");
    expect(
      returnWindow(
        order({ fulfilmentStatus: "unfulfilled", dispatchedAt: null, deliveredAt: null }),
        now,
      ),
    ).toEqual({
      open: false,
      reason: expect.stringMatching(
        /^Order GT-10007 has not been dispatched yet.*e-mail hello@griptruth\.co\.uk/,
      ),
    });
    expect(returnWindow(order({ fulfilmentStatus: "cancelled" }), now)).toMatchObject({
      open: false,
      reason: expect.stringContaining("cancelled or refunded"),
    });
    // Refunded in full after delivery: nothing left to send back for money.
    expect(returnWindow(order({ paymentStatus: "refunded" }), now)).toMatchObject({
      open: false,
      reason: expect.stringContaining("cancelled or refunded"),
    });
    expect(
      returnWindow(order({ paymentStatus: "pending", fulfilmentStatus: "unfulfilled" }), now),
    ).toMatchObject({ open: false, reason: expect.stringContaining("has not been paid") });
    expect(
      returnWindow(order({ paymentStatus: "failed", fulfilmentStatus: "unfulfilled" }), now),
    ).toMatchObject({ open: false, reason: expect.stringContaining("has not been paid") });
    // A partial refund leaves the rest of the order returnable.
    expect(returnWindow(order({ paymentStatus: "partly_refunded" }), now)).toMatchObject({
      open: true,
    });
  });

  it("X-UK-5: personalised lines and lines already requested cannot be ticked, with the reason", () => {
    expect(lineRefusal({ customText: "SILVA", nameCustomisation: true }, false)).toBe(
      "Personalised: made for you, so it cannot be returned unless faulty",
    );
    expect(lineRefusal({ customText: null, nameCustomisation: false }, true)).toBe(
      "A return has already been requested for this item.",
    );
    expect(lineRefusal({ customText: null, nameCustomisation: false }, false)).toBeNull();
  });

  it("X-UK-5: a short reference", () => {
    expect(returnReference("3f9a1c2b-0000-4000-8000-000000000000")).toBe("RR-3F9A1C2B");
  });
});

describe("X-DAY-1: a return's suggested refund", () => {
  it("X-DAY-1: the returned quantities at their price, less the order's discount on them", () => {
    const lines = [
      { unitPricePence: 2999, quantity: 1 },
      { unitPricePence: 1299, quantity: 2 },
    ];
    expect(returnedValuePence(lines, 0)).toBe(5597);
    // 10% of 5597 is 559.7, rounded to 560 as the order's own discount is.
    expect(returnedValuePence(lines, 10)).toBe(5037);
    expect(returnedValuePence([], 20)).toBe(0);
  });
});
