import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_RETURN_DAYS, DEMO_SELLER, returnsAddressOf } from "~/policy/seller";
import type { ShopSettings } from "~/policy/shop-settings";

/**
 * Who the shop is, as the owner's settings say (X-OWN-1): the seller's name, e-mail, postal and
 * returns addresses, company and VAT numbers; and its return window (X-OWN-5). The root loader reads them on every storefront
 * request and hands them to every page through this context, so no page writes them itself.
 */
export interface ShopContact {
  name: string;
  email: string;
  postalAddress: string[];
  returnsAddress: string[];
  companyNumber: string | null;
  vatNumber: string | null;
  /** The owner's return window (X-OWN-5): the line badges' "30-day returns". */
  returnDays: number;
}

/** What the pages may show of the settings (never where notices go). */
export function shopContactOf(settings: Pick<ShopSettings, "seller" | "returns">): ShopContact {
  const { seller } = settings;
  return {
    name: seller.name,
    email: seller.email,
    postalAddress: seller.postalAddress,
    returnsAddress: returnsAddressOf(seller),
    companyNumber: seller.companyNumber,
    vatNumber: seller.vatNumber,
    returnDays: settings.returns.days,
  };
}

// The demo seller until the root loader says otherwise; built from the seller and the return
// window alone, so the delivery settings stay out of every page's first load (issue 51 item 5).
const ShopContactContext = createContext<ShopContact>(
  shopContactOf({ seller: DEMO_SELLER, returns: { days: DEFAULT_RETURN_DAYS } }),
);

export function ShopContactProvider({
  contact,
  children,
}: {
  contact: ShopContact | undefined;
  children: ReactNode;
}) {
  if (!contact) return <>{children}</>;
  return <ShopContactContext.Provider value={contact}>{children}</ShopContactContext.Provider>;
}

/** The seller as the owner set it (X-OWN-1). */
export function useShopContact(): ShopContact {
  return useContext(ShopContactContext);
}
