import type { LineChoiceOrNull } from "~/shared/line-choice";

/**
 * What the Consumer Contracts Regulations make the shop tell a buyer before and after they pay
 * (X-UK-3, X-UK-4, X-UK-5): personalised goods are excluded from the right to cancel; everything
 * else can be cancelled within 14 days of delivery (the law's floor; the owner's return window,
 * X-TRUE-2, may be longer and is passed in where it is known).
 */
export const RIGHT_TO_CANCEL_DAYS = 14;

export const PERSONALISED_NOTICE =
  "Personalised: made for you, so it cannot be returned unless faulty";
export const RIGHT_TO_CANCEL_NOTICE = `${RIGHT_TO_CANCEL_DAYS}-day right to cancel`;

/** A line with the customer's own text (or a paid name) is made to their specification. */
export function isPersonalised(
  line: Pick<LineChoiceOrNull, "customText" | "nameCustomisation">,
): boolean {
  return Boolean(line.customText?.trim()) || Boolean(line.nameCustomisation);
}

export function lineNotice(
  line: Parameters<typeof isPersonalised>[0],
  days: number = RIGHT_TO_CANCEL_DAYS,
): string {
  return isPersonalised(line) ? PERSONALISED_NOTICE : `${days}-day right to cancel`;
}
