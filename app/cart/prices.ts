import type { CartLine } from "./cart";

/** Where the browser asks for its cart's prices now (app/routes/api.cart-prices.ts). */
export const CART_PRICES_PATH = "/api/cart/prices";

/** The answer: each line in the order sent, priced, or refused with a sentence (`gone`: X-CAT-3). */
export interface CartPrices {
  lines: ({ line: CartLine } | { line?: undefined; problem: string; gone?: boolean })[];
}
