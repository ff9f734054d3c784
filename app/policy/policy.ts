import { formatPenceShort } from "~/pricing/money";
import {
  FREE_STANDARD_SHIPPING_FROM_PENCE,
  PRODUCT_PAGE_DELIVERY_FROM_PENCE,
  SHIPPING_METHODS,
} from "~/pricing/shipping";

/**
 * The policy figures the pages quote (S-INFO-1, S-PDP-8; listed in docs/catalogue.md), written
 * once so every page quotes the same numbers.
 * Delivery figures come from the shop's shipping table (app/pricing/shipping.ts), which the
 * checkout and the server charge from: change one there and every page follows.
 */
export const POLICY = {
  madeToOrder: "3-6 weeks",
  inStockDispatch: "2-3 working days",
  ukStandard: SHIPPING_METHODS["uk-standard"].leadTime,
  ukExpress: SHIPPING_METHODS["uk-express"].leadTime,
  international: SHIPPING_METHODS.international.leadTime,
  /** What the product page states (S-PDP-8). */
  standardDeliveryFrom: formatPenceShort(PRODUCT_PAGE_DELIVERY_FROM_PENCE),
  freeShippingOver: formatPenceShort(FREE_STANDARD_SHIPPING_FROM_PENCE),
  /** What the checkout adds for UK standard (S-CHK-2): per item, quantities summed. */
  checkoutShippingPerItem: formatPenceShort(SHIPPING_METHODS["uk-standard"].charge.pence),
  ukExpressPerOrder: formatPenceShort(SHIPPING_METHODS["uk-express"].charge.pence),
  internationalPerOrder: formatPenceShort(SHIPPING_METHODS.international.charge.pence),
  faultReportDays: 30,
  returnDays: 14,
  refundTime: "5-10 business days",
  enquiryReply: "24-48 hours",
  minimumAge: 18,
  currency: "pounds sterling (GBP)",
  /** Custom academy and team gear (customisation page). */
  teamMinimumPieces: 10,
} as const;
