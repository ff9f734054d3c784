import type { LineChoiceOrNull } from "~/shared/line-choice";
import { DEFAULT_RETURN_DAYS } from "./seller";

/**
 * What the Consumer Contracts Regulations make the shop tell a buyer before and after they pay
 * (X-UK-3, X-UK-4, X-UK-5): personalised goods are excluded from the right to cancel; everything
 * else can be cancelled within 14 days of delivery (the law's floor). The shop says one window,
 * the owner's (X-OWN-5, "30-day returns"), and explains once that the legal right is inside it.
 */
export const RIGHT_TO_CANCEL_DAYS = 14;

export const PERSONALISED_NOTICE =
  "Personalised: made for you, so it cannot be returned unless faulty";

/**
 * The owner's returns window as every page, badge and e-mail names it (X-OWN-5): "30-day returns".
 * The one place this wording is made (the delivery promise in shop-settings.ts reads it too).
 */
export function returnsNotice(days: number = DEFAULT_RETURN_DAYS): string {
  return `${days}-day returns`;
}

/**
 * The one sentence that explains the legal right beside the owner's window (X-OWN-5): shown once
 * where it matters (checkout, the confirmation page and e-mail, the returns page).
 */
export function rightToCancelIncluded(days: number = DEFAULT_RETURN_DAYS): string {
  return days > RIGHT_TO_CANCEL_DAYS
    ? `${returnsNotice(days)} on non-personalised items: your ${RIGHT_TO_CANCEL_DAYS}-day right to cancel is included.`
    : `${returnsNotice(days)} on non-personalised items: your ${RIGHT_TO_CANCEL_DAYS}-day right to cancel.`;
}

/** A line with the customer's own text (or a paid name) is made to their specification. */
export function isPersonalised(
  line: Pick<LineChoiceOrNull, "customText" | "nameCustomisation">,
): boolean {
  return Boolean(line.customText?.trim()) || Boolean(line.nameCustomisation);
}

/** The line's notice: personalised, or the owner's window (X-OWN-5). */
export function lineNotice(
  line: Parameters<typeof isPersonalised>[0],
  days: number = DEFAULT_RETURN_DAYS,
): string {
  return isPersonalised(line) ? PERSONALISED_NOTICE : returnsNotice(days);
}
