import { formatPence, type Pence } from "~/pricing/money";

/** "£75" for whole pounds, "£3.95" otherwise: how prices read in running text. */
function pounds(pence: Pence): string {
  return pence % 100 === 0 ? `£${pence / 100}` : formatPence(pence);
}

/**
 * The policy figures of SPEC.md section 9, written once so every page quotes the same numbers.
 * Change a figure here and the delivery, returns, FAQ and terms pages all follow.
 */
export const POLICY = {
  madeToOrder: "3-6 weeks",
  inStockDispatch: "2-3 working days",
  ukStandard: "2-5 working days",
  ukExpress: "1-2 working days",
  international: "7-14 working days",
  /** What the product page states (S-PDP-8). */
  standardDeliveryFrom: pounds(395),
  freeShippingOver: pounds(7500),
  /** What the checkout adds (S-CHK-2): a flat charge per item, quantities summed. */
  checkoutShippingPerItem: pounds(399),
  faultReportDays: 30,
  returnDays: 14,
  refundTime: "5-10 business days",
  enquiryReply: "24-48 hours",
  minimumAge: 18,
  currency: "pounds sterling (GBP)",
  /** Custom academy and team gear (customisation page). */
  teamMinimumPieces: 10,
} as const;
