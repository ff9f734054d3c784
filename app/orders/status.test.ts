import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/db/schema";
import { canMoveTo, nextMoves, refundableFrom, statusLabel, WORKFLOW_TARGETS } from "./status";

describe("X-OPS-4: order workflow rules", () => {
  it("X-OPS-4: allows exactly paid → in production → dispatched → delivered, and cancel from pending or paid", () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      WORKFLOW_TARGETS.filter((to) => canMoveTo(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "paid→in_production",
        "in_production→dispatched",
        "dispatched→delivered",
        "pending→cancelled",
        "paid→cancelled",
        "partly_refunded→in_production",
      ].sort(),
    );
    expect(nextMoves("paid")).toEqual(["in_production", "cancelled"]);
    expect(nextMoves("delivered")).toEqual([]);
    // A partly refunded order carries on from its last step, and is never cancelled.
    expect(nextMoves("partly_refunded", "paid")).toEqual(["in_production"]);
    expect(nextMoves("partly_refunded", "in_production")).toEqual(["dispatched"]);
    expect(nextMoves("partly_refunded", "dispatched")).toEqual(["delivered"]);
    expect(nextMoves("partly_refunded", "delivered")).toEqual([]);
  });

  it("X-OPS-4: shows every status with the issue's wording", () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual([
      "Pending",
      "Paid",
      "Payment failed",
      "Cancelled",
      "In production",
      "Dispatched",
      "Delivered",
      "Refunded",
      "Partly refunded",
    ]);
  });

  it("X-OPS-4: only a paid order has money left to refund", () => {
    const paid = { status: "paid", paidAt: new Date(), totalPence: 5000, refundedPence: 1500 };
    expect(refundableFrom(paid)).toBe(3500);
    expect(refundableFrom({ ...paid, status: "pending", paidAt: null })).toBe(0);
    expect(refundableFrom({ ...paid, status: "cancelled", paidAt: null })).toBe(0);
    expect(refundableFrom({ ...paid, status: "refunded", refundedPence: 5000 })).toBe(0);
  });
});
