import { SECTIONS, SECTION_LABELS } from "~/catalogue/sections";

export interface NavItem {
  label: string;
  to: string;
  children?: { label: string; to: string }[];
}

const groupItem = (label: string, group: string): NavItem => ({
  label,
  to: `/${group}`,
  children: SECTIONS.map((section) => ({
    label: SECTION_LABELS[section],
    to: `/${group}/${section}`,
  })),
});

/** Top navigation (S-GLB-2): Mens, Womens, Kids with their four sections, then Customisation. */
export const NAV_ITEMS: readonly NavItem[] = [
  groupItem("Mens", "mens"),
  groupItem("Womens", "womens"),
  groupItem("Kids", "kids"),
  { label: "Accessories", to: "/accessories" },
  { label: "Customisation", to: "/customisation" },
];

/** Footer links (S-GLB-7). */
export const SUPPORT_HUB = [
  { label: "Delivery", to: "/delivery" },
  { label: "FAQs", to: "/faq" },
  { label: "Tracking", to: "/tracking" },
  { label: "Refunds", to: "/refunds" },
  { label: "Returns", to: "/returns" },
  { label: "Shipping", to: "/shipping" },
  { label: "Size Guide", to: "/size-guide" },
] as const;

export const INFO_HUB = [
  { label: "About the brand", to: "/about" },
  { label: "Contact Us", to: "/contact" },
] as const;

export const LEGAL_LINKS = [
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Terms of Service", to: "/terms-of-service" },
] as const;
