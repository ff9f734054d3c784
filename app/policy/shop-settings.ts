import { formatPenceShort } from "~/pricing/money";
import {
  DEFAULT_DELIVERY,
  DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE,
  type DeliverySettings,
  methodSetting,
} from "~/pricing/shipping";
import { returnsNotice } from "./consumer-rights";
import { DEFAULT_RETURN_DAYS, DEMO_SELLER, type SellerSettings } from "./seller";

export { DEFAULT_RETURN_DAYS, DEMO_SELLER, returnsAddressOf, type SellerSettings } from "./seller";

/**
 * The shop's settings in the owner's hands (X-TRUE-2, `/admin/settings`, `GET`/`PUT
 * /api/admin/settings`): who sells, what delivery costs, how long returns run. Stored in the
 * database (`shop_settings`); every page, e-mail and total reads them from the request's catalogue
 * (app/catalogue/store.server.ts), so this file holds only their shape, defaults and sentences.
 */
export interface ShopSettings {
  seller: SellerSettings;
  delivery: DeliverySettings;
  returns: { days: number };
  /** Issue 54 (X-GIFT-2): how many months a gift card lasts; absent: 24. */
  giftCards?: { expiryMonths: number };
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  seller: DEMO_SELLER,
  delivery: DEFAULT_DELIVERY,
  returns: { days: DEFAULT_RETURN_DAYS },
};

/** The settings as a request sees them, with what the launch checklist needs to know. */
export interface SettingsState {
  settings: ShopSettings;
  /** The owner saved the delivery and returns at least once (no demo sentences from then on). */
  deliveryReviewed: boolean;
  /** The owner removed the demo content (X-TRUE-3). */
  demoRemoved: boolean;
}

export const DEFAULT_SETTINGS_STATE: SettingsState = {
  settings: DEFAULT_SHOP_SETTINGS,
  deliveryReviewed: false,
  demoRemoved: false,
};

/** The product page's delivery and returns lines (S-PDP-8), as the settings make them true. */
export interface DeliveryPromiseLines {
  standard: string;
  free: string | null;
  returns: string;
}

export function deliveryPromiseLines(state: SettingsState): DeliveryPromiseLines {
  const { delivery, returns } = state.settings;
  if (!state.deliveryReviewed && !state.demoRemoved) {
    // Demo content: the specification's own sentences, until the owner saves or removes the demo.
    return {
      standard: `Standard UK delivery from ${formatPenceShort(DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE)}`,
      free:
        delivery.freeStandardFromPence === null
          ? null
          : `Free shipping over ${formatPenceShort(delivery.freeStandardFromPence)}`,
      returns: returnsNotice(returns.days),
    };
  }
  const standard = methodSetting("uk-standard", delivery);
  const express = methodSetting("uk-express", delivery);
  const uk = standard.enabled ? standard : express;
  const name = standard.enabled ? "Standard UK delivery" : "UK express delivery";
  const per = uk.per === "item" ? " an item" : " an order";
  return {
    standard: `${name} ${formatPenceShort(uk.pricePence)}${per}`,
    free:
      standard.enabled && delivery.freeStandardFromPence !== null
        ? `Free standard UK delivery on orders of ${formatPenceShort(delivery.freeStandardFromPence)} or more`
        : null,
    returns: `${returnsNotice(returns.days)} on unworn, non-personalised items`,
  };
}

/** The seller as receipts and e-mails print it (X-UK-4). */
export function sellerLines(seller: SellerSettings): string[] {
  return [
    seller.name,
    ...seller.postalAddress,
    seller.email,
    ...(seller.companyNumber ? [`Company number ${seller.companyNumber}`] : []),
  ];
}

/** A whole number of working days a lead time may take at most ("2-5 working days" → 5). */
export function leadTimeMaxDays(leadTime: string): number {
  const numbers = leadTime.match(/\d+/g)?.map(Number) ?? [];
  return numbers.length ? Math.max(...numbers) : 0;
}
