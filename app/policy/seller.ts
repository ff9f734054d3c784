/**
 * Who sells (X-OWN-1) and the return window a fresh shop gives (X-OWN-5): the part of the shop's
 * settings (./shop-settings.ts) every page shows, in a module of its own so every page's code
 * carries it without the delivery settings (issue 51 item 5).
 */
export interface SellerSettings {
  name: string;
  postalAddress: string[];
  email: string;
  vatNumber: string | null;
  companyNumber: string | null;
  /** Where returns are posted (X-OWN-1); null: the postal address. */
  returnsAddress: string[] | null;
  /** Where the shop's own notices go (paid orders, return requests, enquiries, team closings;
   *  X-OWN-1); null: `email`. */
  noticesTo: string | null;
}

/** The demo's seller, until the owner saves their own (X-OWN-1): the one place it is written. */
export const DEMO_SELLER: SellerSettings = {
  name: "GRIP TRUTH Ltd",
  postalAddress: ["Unit 7, Riverside Park Road", "Middlesbrough", "TS2 1QW", "United Kingdom"],
  email: "hello@griptruth.co.uk",
  vatNumber: null,
  companyNumber: null,
  returnsAddress: null,
  noticesTo: null,
};

/** The return window a fresh shop gives (X-OWN-5): the "30 day returns" its pages promise; the
 *  legal 14-day right to cancel (X-UK-5) is inside it. */
export const DEFAULT_RETURN_DAYS = 30;

/** A fresh shop's settings: the demo seller, the specification's delivery and 30-day returns. */
/** Where a customer posts a return (X-OWN-1): the returns address, else the postal address. */
export function returnsAddressOf(seller: SellerSettings): string[] {
  return seller.returnsAddress?.length ? seller.returnsAddress : seller.postalAddress;
}
