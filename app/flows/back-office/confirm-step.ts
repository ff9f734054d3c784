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
      /** Refunding a received return (X-DAY-1): its id and reference. */
      returnId?: string;
      returnReference?: string;
    }
  | { kind: "cancel"; refundPence: number };

export const CONFIRMED = "yes";
