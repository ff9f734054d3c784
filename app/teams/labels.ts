/** How a team store's status reads in the back office and to the organiser (X-TEAM-1). */
export const TEAM_STATUS_LABELS: Readonly<Record<string, string>> = {
  open: "Open",
  closed: "Closed",
  in_production: "In production",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
};

export const TEAM_DELIVERY_LABELS = {
  together: "Together: one parcel to the academy",
  individual: "Individual: each member chooses their delivery",
} as const;

/**
 * X-SEC-21: said on the team page and at checkout. Team prices are already the academy's price:
 * no discount code applies to them, and they do not count towards a buyer's own free delivery.
 */
export const TEAM_PRICE_SENTENCE =
  "Discount codes do not apply to team prices, and team items do not count towards free delivery on your own items.";
