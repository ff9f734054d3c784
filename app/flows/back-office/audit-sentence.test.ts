import { describe, expect, it } from "vitest";
import { auditSentence } from "./audit-sentence";

describe("X-OPS-10: the audit log reads as sentences (issue 24 item 11)", () => {
  it("X-OPS-10: a status change", () => {
    expect(
      auditSentence({
        action: "order.status",
        before: { status: "paid" },
        after: { status: "in_production" },
      }),
    ).toBe("Status: paid → in production");
  });
  it("X-OPS-10: a dispatch names the carrier and tracking number", () => {
    expect(
      auditSentence({
        action: "order.status",
        before: { status: "in_production", carrier: null, trackingNumber: null },
        after: { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM1" },
      }),
    ).toBe(
      "Status: in production → dispatched · Carrier: none → Royal Mail · Tracking number: none → RM1",
    );
  });
  it("X-OPS-10: a refund, a note and a return", () => {
    expect(
      auditSentence({
        action: "order.refund",
        before: { status: "paid", refundedPence: 0 },
        after: {
          status: "partly_refunded",
          refundedPence: 1250,
          amountPence: 1250,
          reference: "x",
        },
      }),
    ).toBe("Refunded £12.50 · Status: paid → partly refunded");
    expect(auditSentence({ action: "order.note", before: null, after: { note: "Gold" } })).toBe(
      "Note added: Gold",
    );
    expect(
      auditSentence({
        action: "return.received",
        before: { status: "requested" },
        after: { status: "received" },
      }),
    ).toBe("Status: requested → received");
    expect(auditSentence({ action: "orders.export", before: null, after: null })).toBe(
      "orders.export",
    );
  });
});

describe("issue 27: a refused refund in the audit log", () => {
  it("reads as a sentence with the provider's reason", () => {
    expect(
      auditSentence({
        action: "order.refund_failed",
        before: { status: "paid", refundedPence: 1000 },
        after: {
          status: "paid",
          refundedPence: 0,
          amountPence: 1000,
          failed: true,
          reason: "Charge already refunded",
        },
      }),
    ).toBe("Refund of £10.00 refused by the payment provider: Charge already refunded");
  });
});
