import { findSellable } from "~/catalogue";
import { fixedSrcOf } from "~/catalogue/art/pictures";
import { CUSTOM_TEXT_MAX, findOption, NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { unitPricePence } from "~/pricing/lines";
import type { Pence } from "~/pricing/money";

/** One line of the cart: the structured choice, and the spec's display text in customText. */
export interface CartLine {
  productId: string;
  productName: string;
  optionType: string;
  size: string;
  beltRank?: string;
  color?: string;
  /** The text the customer typed (a name), at most 20 characters. */
  customText?: string;
  nameCustomisation?: boolean;
  quantity: number;
  unitPricePence: Pence;
  image?: string;
}

export type NewCartLine = Omit<CartLine, "productName" | "unitPricePence" | "image">;

/** Lines with the same product, option, size, rank, colour and customisation are one line. */
export function lineKey(line: NewCartLine | CartLine): string {
  return JSON.stringify([
    line.productId,
    line.optionType,
    line.size,
    line.beltRank ?? "",
    line.color ?? "",
    line.customText ?? "",
    Boolean(line.nameCustomisation),
  ]);
}

/** A line checked against the catalogue: priced, or refused with the reason in words for a person. */
export type PricedLine =
  { line: CartLine; problem?: undefined } | { line?: undefined; problem: string };

const refuse = (problem: string): PricedLine => ({ problem });

/**
 * Checks a line against the catalogue and prices it there: the name and price never come from
 * what was stored or sent. The one place the line rules live, for the cart, the checkout page and
 * the server; a refused line says why.
 */
export function priceLine(input: NewCartLine): PricedLine {
  const product = findSellable(input.productId);
  if (!product) return refuse(`We don't sell a product called "${input.productId}".`);
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
    return refuse("Quantity must be a whole number of 1 or more.");
  }
  const nameCustomisation = Boolean(input.nameCustomisation);
  const option = findOption(product, input.optionType);
  if (product.options.length === 0) {
    if (input.optionType !== STANDARD_OPTION || input.size !== NO_SIZE) {
      return refuse(`${product.name} has no options or sizes.`);
    }
    if (input.beltRank) return refuse(`${product.name} has no belt ranks.`);
    if (input.color) return refuse(`${product.name} has no colour choice.`);
    if (input.customText || nameCustomisation)
      return refuse(`${product.name} can't be customised.`);
  } else {
    if (!option) return refuse(`${product.name} doesn't come as "${input.optionType}".`);
    if (!option.sizes.includes(input.size)) {
      return refuse(`${product.name} (${option.type}) doesn't come in size "${input.size}".`);
    }
    if (option.beltRanks && !option.beltRanks.includes(input.beltRank ?? "")) {
      return refuse(`Please choose a belt rank we make for ${product.name}.`);
    }
    if (!option.beltRanks && input.beltRank) return refuse(`${product.name} has no belt ranks.`);
    if (option.colors && !option.colors.includes(input.color ?? "")) {
      return refuse(`Please choose a colour we make ${product.name} in.`);
    }
    if (!option.colors && input.color) return refuse(`${product.name} has no colour choice.`);
    if (input.customText && !option.customizable) {
      return refuse(`${product.name} (${option.type}) can't carry custom text.`);
    }
    if (nameCustomisation && !option.customPricePence) {
      return refuse(`${product.name} (${option.type}) has no name customisation.`);
    }
    // The name customisation is paid for: it needs the name to put on the gi.
    if (nameCustomisation && !input.customText?.trim()) {
      return refuse(
        `Name customisation needs the name to put on the ${option.type.toLowerCase()}.`,
      );
    }
  }
  if (input.customText && Array.from(input.customText).length > CUSTOM_TEXT_MAX) {
    return refuse(`Custom text can be at most ${CUSTOM_TEXT_MAX} characters.`);
  }
  const unit = unitPricePence(product, input.optionType, nameCustomisation);
  if (unit === undefined) return refuse(`${product.name} can't be ordered as chosen.`);
  const line: CartLine = {
    productId: product.id,
    productName: product.name,
    optionType: input.optionType,
    size: input.size,
    quantity: input.quantity,
    unitPricePence: unit,
    // The fixed address: a cart outlives the build whose hashed pictures it was added from.
    image: product.images[0] && fixedSrcOf(product.images[0].src),
  };
  if (input.beltRank) line.beltRank = input.beltRank;
  if (input.color) line.color = input.color;
  if (input.customText) line.customText = input.customText;
  if (nameCustomisation) line.nameCustomisation = true;
  return { line };
}

/** Where a cart line's name leads: its product page, or a bundle's block on /accessories. */
export function lineHref(line: Pick<CartLine, "productId">): string {
  return findSellable(line.productId)?.bundle
    ? "/accessories#bundle"
    : `/product/${line.productId}`;
}

/** Adds a line, or raises the quantity of the same line: same product, option, size and
 *  customisation (S-CART-3, "line merging" in cart.test.ts). */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line);
  const index = lines.findIndex((existing) => lineKey(existing) === key);
  if (index === -1) return [...lines, line];
  return lines.map((existing, i) =>
    i === index ? { ...existing, quantity: existing.quantity + line.quantity } : existing,
  );
}

export function removeLine(lines: readonly CartLine[], index: number): CartLine[] {
  return lines.filter((_, i) => i !== index);
}

/** Sets a line's quantity; never below 1 (S-CART-3). */
export function setQuantity(
  lines: readonly CartLine[],
  index: number,
  quantity: number,
): CartLine[] {
  const safe = Number.isSafeInteger(quantity) ? Math.max(1, quantity) : 1;
  return lines.map((line, i) => (i === index ? { ...line, quantity: safe } : line));
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

type StoredLine = Pick<
  CartLine,
  | "productId"
  | "optionType"
  | "size"
  | "beltRank"
  | "color"
  | "customText"
  | "nameCustomisation"
  | "quantity"
>;

// Checked by hand rather than with a schema library: this runs on every page of the shop, and
// zod alone would be a fifth of the page's JavaScript (X-PERF-2).
const text = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length <= max;
const optionalText = (value: unknown, max: number) => value === undefined || text(value, max);

/** A stored line as the browser kept it, or null when anything about it is off. */
function readStoredLine(value: unknown): StoredLine | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const quantity = v.quantity;
  const valid =
    text(v.productId, 100) &&
    text(v.optionType, 40) &&
    text(v.size, 20) &&
    optionalText(v.beltRank, 40) &&
    optionalText(v.color, 40) &&
    optionalText(v.customText, 80) &&
    (v.nameCustomisation === undefined || typeof v.nameCustomisation === "boolean") &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= 10_000;
  if (!valid) return null;
  const line: StoredLine = {
    productId: v.productId as string,
    optionType: v.optionType as string,
    size: v.size as string,
    quantity: quantity as number,
  };
  if (v.beltRank !== undefined) line.beltRank = v.beltRank as string;
  if (v.color !== undefined) line.color = v.color as string;
  if (v.customText !== undefined) line.customText = v.customText as string;
  if (v.nameCustomisation !== undefined) line.nameCustomisation = v.nameCustomisation as boolean;
  return line;
}

/** The stored cart's lines (version 1, at most 200), or null when it is not one. */
export function readStoredCart(value: unknown): StoredLine[] | null {
  if (typeof value !== "object" || value === null) return null;
  const { version, lines } = value as { version?: unknown; lines?: unknown };
  if (version !== 1 || !Array.isArray(lines) || lines.length > 200) return null;
  const read = lines.map(readStoredLine);
  return read.every((line) => line !== null) ? (read as StoredLine[]) : null;
}

export const CART_STORAGE_KEY = "gt-cart";

/** What the customer chose on a line, without what the shop works out (name, price, picture): what is stored and sent to the server. */
export function lineChoice({
  productName: _n,
  unitPricePence: _p,
  image: _i,
  ...choice
}: CartLine): NewCartLine {
  return choice;
}

export function serialiseCart(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: 1, lines: lines.map(lineChoice) });
}

/**
 * Reads a stored cart. Anything corrupt or from an older format gives an empty cart, never an
 * error; lines that no longer match the catalogue are dropped, and every price is taken afresh.
 */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const stored = readStoredCart(json);
  if (!stored) return [];
  return stored.reduce<CartLine[]>((lines, stored) => {
    const { line } = priceLine(stored);
    return line ? addLine(lines, line) : lines;
  }, []);
}
