import { formatPenceShort } from "~/pricing/money";
import {
  DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE,
  methodSetting,
  SHIPPING_METHOD_IDS,
  SHIPPING_METHODS,
  type ShippingMethodId,
} from "~/pricing/shipping";
import { DEFAULT_SETTINGS_STATE, type SettingsState } from "./shop-settings";

/**
 * The policy figures the pages quote (S-INFO-1, S-PDP-8; listed in docs/catalogue.md), written
 * once so every page quotes the same numbers.
 * Delivery and returns figures come from the owner's settings (X-TRUE-2, /admin/settings), which
 * the checkout and the server charge from: pages take them from their loader (settingsPolicy).
 */
/** The figures that follow the owner's settings (X-TRUE-2): delivery and the return window. */
export function settingsPolicy(state: SettingsState) {
  const { delivery, returns } = state.settings;
  const cost = (id: ShippingMethodId) => {
    const method = methodSetting(id, delivery);
    return `${formatPenceShort(method.pricePence)} per ${method.per}`;
  };
  return {
    ukStandard: methodSetting("uk-standard", delivery).leadTime,
    ukExpress: methodSetting("uk-express", delivery).leadTime,
    international: methodSetting("international", delivery).leadTime,
    /** "£75", or null when UK standard is never free. */
    freeShippingOver:
      delivery.freeStandardFromPence === null
        ? null
        : formatPenceShort(delivery.freeStandardFromPence),
    ukStandardCost: cost("uk-standard"),
    ukExpressCost: cost("uk-express"),
    internationalCost: cost("international"),
    /** The methods the checkout offers now, by name. */
    offered: SHIPPING_METHOD_IDS.filter((id) => methodSetting(id, delivery).enabled).map(
      (id) => SHIPPING_METHODS[id].name,
    ),
    /** The demo's product-page figure ("from £3.95", S-PDP-8) while it is still shown. */
    demoDeliveryFrom:
      state.deliveryReviewed || state.demoRemoved
        ? null
        : formatPenceShort(DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE),
    returnDays: returns.days,
    /** The seller's e-mail (X-OWN-1), for the sentences that name it. */
    email: state.settings.seller.email,
  };
}

export type SettingsPolicy = ReturnType<typeof settingsPolicy>;

/** The figures no setting changes. */
export const POLICY = {
  madeToOrder: "3-6 weeks",
  inStockDispatch: "2-3 working days",
  faultReportDays: 30,
  refundTime: "5-10 business days",
  enquiryReply: "24-48 hours",
  minimumAge: 18,
  currency: "pounds sterling (GBP)",
  /** Custom academy and team gear (customisation page). */
  teamMinimumPieces: 10,
} as const;

/** A fresh shop's settings' figures. */
export const DEFAULT_SETTINGS_POLICY = settingsPolicy(DEFAULT_SETTINGS_STATE);
