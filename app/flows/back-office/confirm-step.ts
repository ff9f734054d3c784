/**
 * What the order page asks before it does something that cannot be undone (X-DAY-1): the first
 * form posts without `confirmed`, the server answers this, and the page shows a second form that
 * carries `confirmed=yes`. It works without JavaScript; with it, the step appears in place.
 */
export type ConfirmStep =
  | {
      kind: "refund";
      amountPence: number;
      reason: string | null;
      /** X-GIFT-5: an order paid by gift cards and by card: which gets its money back first. */
      first?: RefundFirst;
      /** Refunding a received return (X-DAY-1): its id and reference. */
      returnId?: string;
      returnReference?: string;
    }
  | { kind: "cancel"; refundPence: number };

export const CONFIRMED = "yes";

/**
 * X-GIFT-5: the refund form's choice for an order paid partly by gift card: the gift cards first
 * (the default) or the card payment first. The form's field `first`.
 */
export const REFUND_FIRST = ["gift-cards", "card"] as const;
export type RefundFirst = (typeof REFUND_FIRST)[number];
