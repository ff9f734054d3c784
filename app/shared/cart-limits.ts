/** Lines in one cart or order: the stored cart, the cart's actions and checkout agree (X-SEC-6;
 *  written once with the shop's other limits, ./limits.ts). */
export const MAX_CART_LINES = 100;
/** Items on one line: the stored cart, the cart's actions and checkout agree. */
export const MAX_LINE_QUANTITY = 1000;
