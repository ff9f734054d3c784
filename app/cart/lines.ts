import type { LineChoice, PricedChoice } from "~/shared/line-choice";
import { isGiftCardLine } from "~/shared/gift-card-line";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/shared/cart-limits";
import { NO_SIZE, STANDARD_OPTION } from "~/pricing/standard";

/**
 * The cart's every-page part (issue 51 item 5, X-PF-2): what the header's cart button and the
 * cart's store need to show and change lines the server priced. Pricing a line against its
 * product (./cart.ts: priceLine, the stored-cart reader) is loaded only when a line is added.
 */

/** One line of the cart: the customer's choice (X-ARCH-3), and what the catalogue says of it. */
export interface CartLine extends PricedChoice {
  image?: string;
  /** Where its name leads: its product page, or a bundle's block on /accessories. */
  href?: string;
  /** Set when the shop no longer sells it as chosen: the sentence shown against the line. */
  problem?: string;
}

/** A line as the customer chose it, before the catalogue prices it. */
export type NewCartLine = LineChoice;

/** Lines with the same product, option, size, rank, colour, customisation and team are one line. */
export function lineKey(line: LineChoice): string {
  return JSON.stringify([
    line.productId,
    line.optionType,
    line.size,
    line.beltRank ?? "",
    line.color ?? "",
    line.customText ?? "",
    Boolean(line.nameCustomisation),
    // X-TEAM-2: a team line (its team, the member's name) is never the same line as an ordinary one.
    ...(line.team ? [line.team, line.printName ?? ""] : []),
    // Issue 54: each gift card is its own line.
    ...(isGiftCardLine(line)
      ? [line.amountPence, line.recipientName, line.recipientEmail, line.message, line.sendOn]
      : []),
  ]);
}

/**
 * Adds a line, or raises the quantity of the same line (S-CART-3), to at most
 * MAX_LINE_QUANTITY; null when the line is new and the cart has MAX_CART_LINES lines already.
 */
export function addLine<L extends LineChoice>(lines: readonly L[], line: L): L[] | null {
  const key = lineKey(line);
  const index = lines.findIndex((existing) => lineKey(existing) === key);
  if (index === -1) return lines.length < MAX_CART_LINES ? [...lines, line] : null;
  return setQuantity(lines, index, lines[index]!.quantity + line.quantity);
}

export function removeLine<L extends LineChoice>(lines: readonly L[], index: number): L[] {
  return lines.filter((_, i) => i !== index);
}

/** Sets a line's quantity; never below 1 (S-CART-3), never above MAX_LINE_QUANTITY. */
export function setQuantity<L extends LineChoice>(
  lines: readonly L[],
  index: number,
  quantity: number,
): L[] {
  const safe = Number.isSafeInteger(quantity)
    ? Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity))
    : 1;
  return lines.map((line, i) => (i === index ? { ...line, quantity: safe } : line));
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** What the customer chose on a line, without what the shop works out (name, price, picture): what is sent to the server. */
export function lineChoice({
  productName: _n,
  unitPricePence: _p,
  wasUnitPricePence: _w,
  image: _i,
  href: _h,
  problem: _problem,
  ...choice
}: CartLine): NewCartLine {
  return choice;
}

/** One of a product without options: Standard, size N/A (S-PDP-7, S-ACC-3, S-ACC-4). */
export function standardLine(productId: string): LineChoice {
  return { productId, optionType: STANDARD_OPTION, size: NO_SIZE, quantity: 1 };
}

/** Where the browser kept its cart before carts lived on the server (moved over once: ./store.ts). */
export const CART_STORAGE_KEY = "gt-cart";
