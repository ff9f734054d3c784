import { z } from "zod";
import { findProduct, TRAINING_BUNDLE } from "~/catalogue";
import { CUSTOM_TEXT_MAX, findOption, NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { trainingBundleQuote } from "~/pricing/bundle";
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

/**
 * Checks a line against the catalogue and prices it there: the name and price never come from
 * what was stored or sent. Undefined when the line no longer matches the catalogue.
 */
export function priceLine(input: NewCartLine): CartLine | undefined {
  if (input.productId === TRAINING_BUNDLE.id) return priceBundleLine(input);
  const product = findProduct(input.productId);
  if (!product) return undefined;
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) return undefined;
  const nameCustomisation = Boolean(input.nameCustomisation);
  const unit = unitPricePence(product, input.optionType, nameCustomisation);
  if (unit === undefined) return undefined;
  const option = findOption(product, input.optionType);
  if (option) {
    if (!option.sizes.includes(input.size)) return undefined;
    if (option.beltRanks ? !option.beltRanks.includes(input.beltRank ?? "") : input.beltRank)
      return undefined;
    if (option.colors ? !option.colors.includes(input.color ?? "") : input.color) return undefined;
    if (input.customText && !option.customizable) return undefined;
    if (nameCustomisation && !option.customPricePence) return undefined;
    // The name customisation is paid for: it needs the name to put on the gi.
    if (nameCustomisation && !input.customText?.trim()) return undefined;
  } else if (input.size !== NO_SIZE || input.optionType !== STANDARD_OPTION) {
    return undefined;
  }
  if (input.customText && Array.from(input.customText).length > CUSTOM_TEXT_MAX) return undefined;
  const line: CartLine = {
    productId: product.id,
    productName: product.name,
    optionType: input.optionType,
    size: input.size,
    quantity: input.quantity,
    unitPricePence: unit,
    image: product.images[0]?.src,
  };
  if (input.beltRank) line.beltRank = input.beltRank;
  if (input.color) line.color = input.color;
  if (input.customText) line.customText = input.customText;
  if (nameCustomisation) line.nameCustomisation = true;
  return line;
}

/** The Complete Training Bundle (S-ACC-4): one Standard / N/A line at the bundle price. */
function priceBundleLine(input: NewCartLine): CartLine | undefined {
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) return undefined;
  if (input.optionType !== STANDARD_OPTION || input.size !== NO_SIZE) return undefined;
  if (input.beltRank || input.color || input.customText || input.nameCustomisation) {
    return undefined;
  }
  const bag = findProduct(TRAINING_BUNDLE.productIds[0]);
  return {
    productId: TRAINING_BUNDLE.id,
    productName: TRAINING_BUNDLE.name,
    optionType: STANDARD_OPTION,
    size: NO_SIZE,
    quantity: input.quantity,
    unitPricePence: trainingBundleQuote().pricePence,
    image: bag?.images[0]?.src,
  };
}

/** Where a cart line's name leads: its product page, or the bundle's block on /accessories. */
export function lineHref(line: Pick<CartLine, "productId">): string {
  return line.productId === TRAINING_BUNDLE.id
    ? "/accessories#bundle"
    : `/product/${line.productId}`;
}

/** Adds a line, or raises the quantity of the same line (S-CART, issue 3 item 4). */
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

const storedLineSchema = z.object({
  productId: z.string().max(100),
  optionType: z.string().max(40),
  size: z.string().max(20),
  beltRank: z.string().max(40).optional(),
  color: z.string().max(40).optional(),
  customText: z.string().max(80).optional(),
  nameCustomisation: z.boolean().optional(),
  quantity: z.number().int().min(1).max(10_000),
});

const storedCartSchema = z.object({
  version: z.literal(1),
  lines: z.array(storedLineSchema).max(200),
});

export const CART_STORAGE_KEY = "gt-cart";

export function serialiseCart(lines: readonly CartLine[]): string {
  return JSON.stringify({
    version: 1,
    lines: lines.map(({ productName: _n, unitPricePence: _p, image: _i, ...choice }) => choice),
  });
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
  const parsed = storedCartSchema.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.lines.reduce<CartLine[]>((lines, stored) => {
    const line = priceLine(stored);
    return line ? addLine(lines, line) : lines;
  }, []);
}
