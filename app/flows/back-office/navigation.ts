/**
 * The back office's sections, in navigation order. A new section (reviews, enquiries, discount
 * codes) adds one entry here and its routes; `badge` names a count the layout loader supplies.
 */
export interface AdminSection {
  label: string;
  to: string;
  badge?: string;
  /** Active only on this exact path (the dashboard at /admin). */
  end?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: "Dashboard", to: "/admin", end: true },
  { label: "Orders", to: "/admin/orders" },
  { label: "Customers", to: "/admin/customers" },
  { label: "Products", to: "/admin/products" },
  { label: "Stock", to: "/admin/stock" },
  { label: "Returns", to: "/admin/returns", badge: "returns" },
  { label: "Reviews", to: "/admin/reviews" },
  { label: "Enquiries", to: "/admin/enquiries", badge: "enquiries" },
  { label: "Discounts", to: "/admin/discounts" },
  { label: "Gift cards", to: "/admin/gift-cards" },
  { label: "Teams", to: "/admin/teams" },
  { label: "VAT", to: "/admin/vat" },
  { label: "Owners", to: "/admin/owners" },
  { label: "Settings", to: "/admin/settings" },
  { label: "Google", to: "/admin/feeds" },
];
