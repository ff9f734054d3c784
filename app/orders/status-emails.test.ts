import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/policy/shop-settings";
import { customerNoticeEmail } from "./status-emails";

const order = { orderNumber: "GT-10042", shippingAddress: { firstName: "Ana" } };

describe("X-OPS-4: the customer's e-mail for each step", () => {
  it("X-OPS-4: in production names the made-to-order lead time", () => {
    const mail = customerNoticeEmail(order, { kind: "in_production" });
    expect(mail.subject).toContain("GT-10042");
    expect(mail.text).toContain("3-6 weeks");
  });
  it("X-OPS-4: dispatched carries the carrier and tracking number", () => {
    const mail = customerNoticeEmail(order, {
      kind: "dispatched",
      carrier: "Royal Mail",
      trackingNumber: "RM123<b>",
    });
    expect(mail.text).toContain("Carrier: Royal Mail");
    expect(mail.text).toContain("Tracking number: RM123<b>");
    expect(mail.html).toContain("RM123&#60;b&#62;");
  });
  it("X-OPS-4: delivered, cancelled and refunded with the amount", () => {
    expect(customerNoticeEmail(order, { kind: "delivered" }).subject).toContain("delivered");
    expect(customerNoticeEmail(order, { kind: "cancelled" }).subject).toContain("cancelled");
    const refund = customerNoticeEmail(order, {
      kind: "refunded",
      amountPence: 1250,
      fully: false,
    });
    expect(refund.subject).toContain("£12.50");
    expect(refund.text).toContain("refunded £12.50");
  });
  it("X-GIFT-5: a refund split between gift cards and the card says where each part goes, in one e-mail", () => {
    const split = customerNoticeEmail(order, {
      kind: "refunded",
      amountPence: 1300,
      fully: false,
      tenders: { giftCardPence: 1000, cardPence: 300, giftCards: ["AB34", "CD67"] },
    });
    expect(split.subject).toContain("£13.00");
    expect(split.text).toContain(
      "£10.00 goes back to your gift cards ending AB34 and CD67, ready to spend again straight away, and £3.00 to the card you paid with, where it usually shows within 5-10 working days.",
    );
    const cardsOnly = customerNoticeEmail(order, {
      kind: "refunded",
      amountPence: 1000,
      fully: false,
      cancelled: true,
      tenders: { giftCardPence: 1000, cardPence: 0, giftCards: ["AB34"] },
    });
    expect(cardsOnly.text).toContain(
      "It goes back to your gift card ending AB34, ready to spend again straight away.",
    );
    expect(cardsOnly.text).not.toContain("card you paid with");
  });
  it("X-DAY-1: a refund's reason is told to the customer, escaped in the HTML", () => {
    const mail = customerNoticeEmail(order, {
      kind: "refunded",
      amountPence: 500,
      fully: false,
      reason: "Thread <colour> wrong",
    });
    expect(mail.text).toContain("Reason: Thread <colour> wrong");
    expect(mail.html).toContain("Reason: Thread &#60;colour&#62; wrong");
  });
  it("X-DAY-1: a cancelled order's refund is one e-mail saying both, with the amount", () => {
    const mail = customerNoticeEmail(order, {
      kind: "refunded",
      amountPence: 8499,
      fully: true,
      cancelled: true,
    });
    expect(mail.subject).toBe(
      "Your GRIP TRUTH order GT-10042 has been cancelled and £84.99 refunded",
    );
    expect(mail.text).toContain(
      "Your order GT-10042 has been cancelled and we have refunded £84.99 (the full amount).",
    );
  });
  it("X-TRUE-2: the seller's e-mail and the return window are the owner's settings", () => {
    const shop = {
      ...DEFAULT_SHOP_SETTINGS,
      seller: { ...DEFAULT_SHOP_SETTINGS.seller, email: "orders@riptide.test" },
      returns: { days: 28 },
    };
    const mail = customerNoticeEmail(order, { kind: "delivered" }, shop);
    expect(mail.text).toContain("write to orders@riptide.test with your order number");
    expect(mail.text).toContain("send us a returns request within 28 days of delivery");
    expect(mail.text).not.toContain("hello@griptruth.co.uk");
    expect(customerNoticeEmail(order, { kind: "delivered" }).text).toContain("within 30 days");
  });
  it("X-VAT-4: a refund e-mail says the VAT it gives back by rate, only with the seller's VAT number", () => {
    const notice = {
      kind: "refunded" as const,
      amountPence: 2799 + 2999,
      fully: false,
      vat: [
        { rate_percent: 20, net_pence: 2499, vat_pence: 500, gross_pence: 2999 },
        { rate_percent: 0, net_pence: 2799, vat_pence: 0, gross_pence: 2799 },
      ],
    };
    const withNumber = {
      ...DEFAULT_SHOP_SETTINGS,
      seller: { ...DEFAULT_SHOP_SETTINGS.seller, vatNumber: "GB123456789" },
    };
    const mail = customerNoticeEmail(order, notice, withNumber);
    expect(mail.text).toContain(
      "Of this refund: VAT at 20% £5.00; Zero-rated £27.99 (VAT number GB123456789).",
    );
    expect(customerNoticeEmail(order, notice, DEFAULT_SHOP_SETTINGS).text).not.toMatch(/VAT/);
  });
});
