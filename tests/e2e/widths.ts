// Which browser project (playwright.config.ts) runs each spec file, by its name without .spec.ts.

/**
 * Each spec runs at the one width that matters to it (issue 48, docs/testing.md): a layout
 * behaves the same through a flow at any width, so a flow is walked once.
 * - Both widths: the specs whose subject is the layout at each width (the accessibility spec,
 *   the header's desktop and phone navigation, and axe on the pages: every page at phone width,
 *   one of each kind at desktop width).
 * - Phone (390 px): what a customer does, and some of the owner's pages, since owners use phones.
 * - Desktop (1280 px): everything else: the back office, the server's edge and caching, the
 *   budgets, and the specs that look at both widths themselves.
 * app/suite.test.ts checks that each name is a spec file, named once.
 */
export const BOTH_WIDTHS = ["a11y", "deadlines", "gift-cards", "global", "pages", "vat"];
export const PHONE_ONLY = [
  "browse",
  "cart",
  "catalogue",
  "checkout",
  "confirmation",
  "dashboard",
  "enquiry",
  "exchange",
  "faq",
  "no-js",
  "office2",
  "reviews",
  "search",
  "server-cart",
  "size-finder",
  "splash",
  "stock",
  "teams",
  "teams-finished",
  "uk-checkout",
];
