/**
 * The limits a cart line is held to and shown with, apart from the shop's other limits so the
 * storefront's code in the browser carries only these (issue 51 item 5); ./limits.ts, where
 * every limit is written once, exports them too.
 */

/** Lines in one cart or order: the stored cart, the cart's actions and checkout agree (X-SEC-6). */
export const MAX_CART_LINES = 100;
/** Items on one line: the stored cart, the cart's actions and checkout agree. */
export const MAX_LINE_QUANTITY = 1000;
/** The customer's own text on a line (a name), in characters after trimming (S-PDP-5). */
export const CUSTOM_TEXT_MAX = 20;
/** Longer text is refused with this, in the form and on the server, never cut (issue 24 item 12). */
export const CUSTOM_TEXT_MESSAGE = `Up to ${CUSTOM_TEXT_MAX} characters.`;
/** "Only N left" shows at this many or fewer (X-STK-2). */
export const FEW_LEFT = 3;
