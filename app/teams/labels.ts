/** How a team store's status reads in the back office and to the organiser (X-TEAM-1). */
export const TEAM_STATUS_LABELS: Readonly<Record<string, string>> = {
  open: "Open",
  closed: "Closed",
  in_production: "In production",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
};

export const TEAM_DELIVERY_LABELS = {
  together: "Together: one parcel to the academy, no delivery charge for members",
  individual: "Individual: each member chooses their delivery",
} as const;
