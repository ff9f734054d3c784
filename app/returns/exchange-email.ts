import { POLICY } from "~/policy/policy";
import { BRAND } from "~/shared/brand";
import type { SellerSettings } from "~/policy/shop-settings";

/** What the buyer is told when a size exchange is decided on receipt (X-FIT-2). */
export function exchangeOutcomeEmail(
  orderNumber: string,
  outcome: {
    productName: string;
    fromSize: string;
    toSize: string;
    quantity: number;
    status: "to_make" | "to_ship" | "refund";
  },
  /** The owner's seller settings (X-OWN-1): the contact line and sign-off name them. */
  seller: Pick<SellerSettings, "name" | "email">,
) {
  const item = `${outcome.quantity} × ${outcome.productName}`;
  const said = {
    to_ship: `We have received your return and put size ${outcome.toSize} aside for you from stock. It ships as a new delivery of order ${orderNumber}; there is nothing more to pay.`,
    to_make: `We have received your return. Size ${outcome.toSize} is made to order: we are making it now and it ships as a new delivery of order ${orderNumber}; there is nothing more to pay.`,
    refund: `We have received your return, but size ${outcome.toSize} sold out before your parcel reached us, so we cannot exchange it. We will refund you instead, to your original payment method within ${POLICY.refundTime}.`,
  }[outcome.status];
  return {
    subject:
      outcome.status === "refund"
        ? `Size ${outcome.toSize} sold out: a refund instead (order ${orderNumber})`
        : `Your exchange to size ${outcome.toSize} (order ${orderNumber})`,
    text: [
      `${item}: size ${outcome.fromSize} for size ${outcome.toSize}.`,
      "",
      said,
      "",
      `Questions? Reply to this e-mail or write to ${seller.email} with your order number.`,
      `${seller.name}`,
      `${BRAND.name}: ${BRAND.slogan}`,
    ].join("\n"),
  };
}
