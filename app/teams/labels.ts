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

/** Who pays for a team store's kit (X-TEAM-7): each member, or the academy (its organiser) once. */
export type TeamPayment = "members" | "organiser";

/**
 * X-DAY-11 (issue 53): a team store's wording by who pays, in one place, for every e-mail, page
 * and upload message that speaks of paying: a store the academy pays for never tells anyone that
 * members "order and pay for their own kit" or that a link is "ready to pay".
 */
export const TEAM_WORDS: Readonly<
  Record<
    TeamPayment,
    {
      /** The opening e-mail to the organiser, before the members' link. */
      openingLink: string;
      /** The opening e-mail, before the organiser's private link. */
      organiserPage: string;
      /** The roster upload's explanation on the organiser's page. */
      rosterUpload: string;
      /** The roster e-mail's subject, after "Your kit for <team>: ". */
      rosterSubject: string;
      /** The roster e-mail, before the member's link. */
      rosterLink: string;
      /** The team page, when a roster link filled the member's choice in. */
      prefillNext: string;
    }
  >
> = {
  members: {
    openingLink: "Send this link to your members; each orders and pays for their own kit:",
    organiserPage:
      "Your private organiser page shows who has ordered, their sizes and names, and lets you upload a roster. Keep this link to yourself:",
    rosterUpload:
      "Each member gets an e-mail with a link that opens their choice ready to pay, one per address and at most once a day.",
    rosterSubject: "ready to pay",
    rosterLink: "Check it and pay here (you can still change it):",
    prefillNext: "Check it and press Order to pay.",
  },
  organiser: {
    openingLink:
      "Send this link to your members (only they can send a choice with it); each sends their choice, no card needed, and you pay once for everyone:",
    organiserPage:
      "Your private organiser page shows each member's choice, lets you upload a roster, and is where you pay for everyone in one payment. Keep this link to yourself:",
    rosterUpload:
      "Each member gets an e-mail with a link that opens their choice ready to send (no card: you pay for everyone once), one per address and at most once a day.",
    rosterSubject: "check your choice",
    rosterLink:
      "Check it and send it here, no card needed: the academy pays (you can still change it):",
    prefillNext: "Check it and press Send my choice: your organiser pays.",
  },
};

/**
 * X-DAY-11: what the payment page asks of the one paying with the team's delivery: the organiser
 * paying for everyone's entries, or a member paying for their own kit.
 */
export function teamPayerSentence(forEveryone: boolean): string {
  return forEveryone
    ? "You are paying for your team's kit: give your name, e-mail and phone, so the shop can reach you about the order."
    : "Give your name so the team can tell your kit apart.";
}
