/**
 * What can be embroidered or printed as a name (X-TRUE-9): letters (accented ones too, in any
 * script), digits, spaces and - ' . (a typed ’ counts as '). One rule for the lapel name and custom
 * text on the product page, the team's text and each member's name; anything else (an emoji, a
 * symbol, a control character) is refused with EMBROIDERY_MESSAGE. Pure: safe in the browser.
 */
const EMBROIDERABLE = /^[\p{L}\p{M}\p{N} '’.-]*$/u;

export const EMBROIDERY_MESSAGE =
  "A name to embroider can have letters (accented ones too), digits, spaces and - ' . only.";

/** Whether `text` can be stitched as it is (an empty text can). */
export function isEmbroiderable(text: string): boolean {
  return EMBROIDERABLE.test(text.trim());
}

/** The sentence for a name that cannot be stitched, or null. */
export function embroideryProblem(text: string | null | undefined): string | null {
  return text && !isEmbroiderable(text) ? EMBROIDERY_MESSAGE : null;
}
