import { findSellable } from "~/catalogue";
import { fixedSrcOf } from "~/catalogue/art/pictures";
import { findOption, NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { unitPricePence } from "~/pricing/lines";
import { hasControlCharacters } from "~/shared/control-characters";
import type { LineChoice, PricedChoice } from "~/shared/line-choice";
import {
  CUSTOM_TEXT_MAX,
  CUSTOM_TEXT_SENT_MAX,
  LINE_CHOICE_MAX,
  CUSTOM_TEXT_MESSAGE,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "~/shared/limits";

/** One line of the cart: the customer's choice (X-ARCH-3), and what the catalogue says of it. */
export interface CartLine extends PricedChoice {
  image?: string;
}

/** A line as the customer chose it, before the catalogue prices it. */
export type NewCartLine = LineChoice;

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
    return refuse(QUANTITY_MESSAGE);
  }
  if (input.quantity > MAX_LINE_QUANTITY) return refuse(QUANTITY_MAX_MESSAGE);
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
    return refuse(CUSTOM_TEXT_MESSAGE);
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

/**
 * Adds a line, or raises the quantity of the same line (S-CART-3), to at most
 * MAX_LINE_QUANTITY; null when the line is new and the cart has MAX_CART_LINES lines already.
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] | null {
  const key = lineKey(line);
  const index = lines.findIndex((existing) => lineKey(existing) === key);
  if (index === -1) return lines.length < MAX_CART_LINES ? [...lines, line] : null;
  return setQuantity(lines, index, lines[index]!.quantity + line.quantity);
}

export function removeLine(lines: readonly CartLine[], index: number): CartLine[] {
  return lines.filter((_, i) => i !== index);
}

/** Sets a line's quantity; never below 1 (S-CART-3), never above MAX_LINE_QUANTITY. */
export function setQuantity(
  lines: readonly CartLine[],
  index: number,
  quantity: number,
): CartLine[] {
  const safe = Number.isSafeInteger(quantity)
    ? Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity))
    : 1;
  return lines.map((line, i) => (i === index ? { ...line, quantity: safe } : line));
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

// Checked by hand rather than with a schema library: this runs on every page of the shop, and
// zod alone would be a fifth of the page's JavaScript (X-PERF-2). The rules are the checkout
// request's (lineChoiceSchema, app/shared/line-choice.ts): stored-cart.test.ts holds them to it,
// so the browser keeps exactly the carts the server would take.
/** Text by text()'s rule, trimmed; null when it is not text, has a control character, or is not
 *  from min to max long once trimmed. */
function readText(value: unknown, min: number, max: number): string | null {
  if (typeof value !== "string" || hasControlCharacters(value)) return null;
  const trimmed = value.trim();
  return trimmed.length >= min && trimmed.length <= max ? trimmed : null;
}

/** An optional field: absent, null or empty is "" (left out). */
const readOptional = (value: unknown, max: number) =>
  value == null ? "" : readText(value, 0, max);

/** A stored line as the browser kept it, or null when anything about it is off. */
function readStoredLine(value: unknown): LineChoice | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const on = v.nameCustomisation;
  const quantity = v.quantity;
  const fields = [
    readText(v.productId, 1, LINE_CHOICE_MAX.productId),
    readText(v.optionType, 1, LINE_CHOICE_MAX.optionType),
    readText(v.size, 1, LINE_CHOICE_MAX.size),
    readOptional(v.beltRank, LINE_CHOICE_MAX.beltRank),
    readOptional(v.color, LINE_CHOICE_MAX.color),
    // As long as a request may send, and at most CUSTOM_TEXT_MAX characters once trimmed.
    String(v.customText ?? "").length <= CUSTOM_TEXT_SENT_MAX
      ? readOptional(v.customText, CUSTOM_TEXT_SENT_MAX)
      : null,
  ];
  const [productId, optionType, size, beltRank, color, customText] = fields as string[];
  if (
    fields.includes(null) ||
    Array.from(customText!).length > CUSTOM_TEXT_MAX ||
    !(on == null || typeof on === "boolean") ||
    typeof quantity !== "number" ||
    !Number.isSafeInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_LINE_QUANTITY
  ) {
    return null;
  }
  const line: LineChoice = {
    productId: productId!,
    optionType: optionType!,
    size: size!,
    quantity,
  };
  if (beltRank) line.beltRank = beltRank;
  if (color) line.color = color;
  if (customText) line.customText = customText;
  if (on != null) line.nameCustomisation = on;
  return line;
}

/** The stored cart's lines (version 1, at most MAX_CART_LINES), or null when it is not one. */
export function readStoredCart(value: unknown): LineChoice[] | null {
  if (typeof value !== "object" || value === null) return null;
  const { version, lines } = value as { version?: unknown; lines?: unknown };
  if (version !== 1 || !Array.isArray(lines) || lines.length > MAX_CART_LINES) return null;
  const read = lines.map(readStoredLine);
  return read.every((line) => line !== null) ? (read as LineChoice[]) : null;
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
    return (line && addLine(lines, line)) || lines;
  }, []);
}
