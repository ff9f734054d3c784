import { describe, expect, it } from "vitest";
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "./schema";
import {
  canBeCancelled,
  canMoveTo,
  fulfilmentLabel,
  isOnWorkList,
  isPaid,
  isToMake,
  legacyStatus,
  nextMoves,
  orderPath,
  progressStatus,
  refundableFrom,
  statusLabel,
  type OrderStates,
} from "./status";

const every: OrderStates[] = PAYMENT_STATUSES.flatMap((paymentStatus) =>
  FULFILMENT_STATUSES.map((fulfilmentStatus) => ({ paymentStatus, fulfilmentStatus })),
);
const pair = (o: OrderStates) => `${o.paymentStatus}/${o.fulfilmentStatus}`;

describe("X-ORD-1 X-ORD-2 X-OPS-4: an order's two states", () => {
  it("X-ORD-2: paid is money held on an order not cancelled; a partial refund stays paid", () => {
    expect(every.filter(isPaid).map(pair).sort()).toEqual(
      [
        "paid/unfulfilled",
        "paid/in_production",
        "paid/made",
        "paid/dispatched",
        "paid/delivered",
        "partly_refunded/unfulfilled",
        "partly_refunded/in_production",
        "partly_refunded/made",
        "partly_refunded/dispatched",
        "partly_refunded/delivered",
      ].sort(),
    );
  });

  it("X-ORD-2: to make is paid (or partly refunded) and unfulfilled", () => {
    expect(every.filter(isToMake).map(pair).sort()).toEqual(
      ["paid/unfulfilled", "partly_refunded/unfulfilled"].sort(),
    );
  });

  it("X-ORD-2: an order can be cancelled while nothing is made and its money is not all back", () => {
    expect(every.filter(canBeCancelled).map(pair).sort()).toEqual(
      ["pending/unfulfilled", "paid/unfulfilled", "partly_refunded/unfulfilled"].sort(),
    );
  });

  it("X-OPS-4 X-DAY-8: made to order goes unfulfilled → in production → made → dispatched → delivered, once paid", () => {
    const paid = (fulfilmentStatus: OrderStates["fulfilmentStatus"]) =>
      nextMoves({ paymentStatus: "paid", fulfilmentStatus }, "make");
    expect(paid("unfulfilled")).toEqual(["in_production", "cancelled"]);
    expect(paid("in_production")).toEqual(["made"]);
    expect(paid("made")).toEqual(["dispatched"]);
    expect(paid("dispatched")).toEqual(["delivered"]);
    expect(paid("delivered")).toEqual([]);
    expect(paid("cancelled")).toEqual([]);
    // A partly refunded order is still made and sent from wherever it is.
    const partly = { paymentStatus: "partly_refunded" as const };
    expect(nextMoves({ ...partly, fulfilmentStatus: "made" }, "make")).toEqual(["dispatched"]);
    // An unpaid order is never made; it can only be cancelled.
    expect(
      nextMoves({ paymentStatus: "pending", fulfilmentStatus: "unfulfilled" }, "make"),
    ).toEqual(["cancelled"]);
    expect(
      nextMoves({ paymentStatus: "refunded", fulfilmentStatus: "unfulfilled" }, "make"),
    ).toEqual([]);
    // Made to order is never dispatched before it is made.
    expect(
      canMoveTo({ paymentStatus: "paid", fulfilmentStatus: "unfulfilled" }, "dispatched", "make"),
    ).toBe(false);
  });

  it("X-DAY-8: an order off the shelf is ready to dispatch as soon as it is paid", () => {
    const paid = { paymentStatus: "paid" as const, fulfilmentStatus: "unfulfilled" as const };
    expect(nextMoves(paid, "stock")).toEqual(["dispatched", "cancelled"]);
    expect(fulfilmentLabel(paid, "stock")).toBe("Ready to dispatch");
    expect(fulfilmentLabel(paid, "make")).toBe("Not yet made");
    expect(isOnWorkList(paid, "stock", "to_ship")).toBe(true);
    expect(isOnWorkList(paid, "stock", "to_make")).toBe(false);
    expect(isOnWorkList(paid, "make", "to_make")).toBe(true);
    expect(isOnWorkList({ ...paid, fulfilmentStatus: "made" }, "make", "to_ship")).toBe(true);
    expect(isOnWorkList({ ...paid, paymentStatus: "pending" }, "stock", "to_ship")).toBe(false);
  });

  it("X-DAY-8: a line is made when it is not from stock or has text to print", () => {
    const shelf = { fromStock: true, customText: null, nameCustomisation: false, printName: null };
    expect(orderPath([shelf])).toBe("stock");
    expect(orderPath([shelf, { ...shelf, fromStock: false }])).toBe("make");
    expect(orderPath([{ ...shelf, customText: "J. WALKER" }])).toBe("make");
    expect(orderPath([{ ...shelf, printName: "J. WALKER" }])).toBe("make");
    // A line cancelled with its team is not sent, so it is not made either.
    expect(orderPath([shelf, { ...shelf, fromStock: false, cancelledAt: new Date() }])).toBe(
      "stock",
    );
  });

  it("X-ORD-1: the one-value status older clients read, for every pair", () => {
    const table = Object.fromEntries(every.map((o) => [pair(o), legacyStatus(o)]));
    expect(table).toMatchObject({
      "pending/unfulfilled": "pending",
      "pending/cancelled": "cancelled",
      "failed/cancelled": "cancelled",
      "expired/cancelled": "cancelled",
      "paid/unfulfilled": "paid",
      "paid/in_production": "in_production",
      "paid/made": "made",
      "paid/dispatched": "dispatched",
      "paid/delivered": "delivered",
      "paid/cancelled": "cancelled",
      "partly_refunded/dispatched": "partly_refunded",
      "partly_refunded/cancelled": "cancelled",
      "refunded/cancelled": "refunded",
      "refunded/delivered": "refunded",
    });
  });

  it("X-ORD-1 X-INFO-2: the customer reads where the order is; a partial refund does not hide it", () => {
    const partly = { paymentStatus: "partly_refunded" as const };
    expect(progressStatus({ ...partly, fulfilmentStatus: "delivered" })).toBe("delivered");
    expect(progressStatus({ ...partly, fulfilmentStatus: "unfulfilled" })).toBe("paid");
    expect(progressStatus({ ...partly, fulfilmentStatus: "cancelled" })).toBe("cancelled");
    expect(progressStatus({ paymentStatus: "refunded", fulfilmentStatus: "delivered" })).toBe(
      "refunded",
    );
    expect(progressStatus({ paymentStatus: "pending", fulfilmentStatus: "unfulfilled" })).toBe(
      "pending",
    );
  });

  it("X-OPS-4: shows every status with the issue's wording", () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual([
      "Pending",
      "Paid",
      "Payment failed",
      "Cancelled",
      "In production",
      "Made",
      "Dispatched",
      "Delivered",
      "Refunded",
      "Partly refunded",
    ]);
  });

  it("X-OPS-4: only money held has something left to refund, cancelled or not", () => {
    const paid = {
      paymentStatus: "paid" as const,
      fulfilmentStatus: "unfulfilled" as const,
      paidAt: new Date(),
      totalPence: 5000,
      refundedPence: 1500,
    };
    expect(refundableFrom(paid)).toBe(3500);
    expect(refundableFrom({ ...paid, fulfilmentStatus: "cancelled" })).toBe(3500);
    expect(refundableFrom({ ...paid, paymentStatus: "pending", paidAt: null })).toBe(0);
    expect(refundableFrom({ ...paid, paymentStatus: "expired", paidAt: null })).toBe(0);
    expect(refundableFrom({ ...paid, paymentStatus: "refunded", refundedPence: 5000 })).toBe(0);
  });
});
