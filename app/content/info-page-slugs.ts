/** Information pages rendered by routes/info-page.tsx; their text lives in app/content/pages/. */
export const INFO_PAGE_SLUGS = [
  "delivery",
  "refunds",
  "returns",
  "shipping",
  "about",
  "contact",
  "privacy-policy",
  "terms-of-service",
] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];
