import { lineDrawingSrc } from "~/catalogue/art/pictures";
import { embroideryProblem } from "~/shared/embroidery";
import { findOption, NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import type { Product } from "~/catalogue/types";
import { unitPricePence, wasUnitPricePence } from "~/pricing/lines";
import { hasControlCharacters } from "~/shared/control-characters";
import type { LineChoice } from "~/shared/line-choice";
import {
  GIFT_CARD_NAME,
  GIFT_CARD_PRODUCT_ID,
  giftCardProblem,
  isGiftCardLine,
} from "~/shared/gift-cards";
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  lineChoice,
  lineKey,
  type NewCartLine,
  removeLine,
  setQuantity,
  totalQuantity,
} from "./lines";

// The cart's small, every-page part (./lines.ts) is re-exported: server code and tests import
// the whole cart from here.
export { addLine, CART_STORAGE_KEY, lineChoice, lineKey, removeLine, setQuantity, totalQuantity };
export type { CartLine, NewCartLine };

import {
  CUSTOM_TEXT_MAX,
  CUSTOM_TEXT_SENT_MAX,
  LINE_CHOICE_MAX,
  CUSTOM_TEXT_MESSAGE,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  PRODUCT_NAME_MAX,
} from "~/shared/limits";

/**
 * A line checked against the catalogue: priced, or refused with the reason in words for a person;
 * `gone` when the shop sold it once and no longer does (X-CAT-3: a 409, shown against the line).
 */
export type PricedLine =
  | { line: CartLine; problem?: undefined; gone?: undefined }
  | { line?: undefined; problem: string; gone?: boolean };

const refuse = (problem: string): PricedLine => ({ problem });

/** X-CAT-3: the product, or the option and size chosen, has left the shop. */
export function noLongerAvailable(productName: string, optionType?: string, size?: string): string {
  const choice = [
    optionType && optionType !== STANDARD_OPTION ? optionType : "",
    size && size !== NO_SIZE ? size : "",
  ]
    .filter(Boolean)
    .join(" ");
  return choice
    ? `Sorry, ${productName} in ${choice} is no longer available.`
    : `Sorry, ${productName} is no longer available.`;
}

/**
 * Checks a line against its product as the catalogue has it now (any status; undefined when the
 * shop never had it) and prices it there: the name and price never come from what was stored or
 * sent. The one place the line rules live, for the cart, the checkout page and the server; a
 * refused line says why.
 */
export function priceLine(input: NewCartLine, product: Product | undefined): PricedLine {
  if (isGiftCardLine(input)) return priceGiftCardLine(input);
  if (!product) return refuse(`We don't sell a product called "${input.productId}".`);
  if (product.status !== "active") return { problem: noLongerAvailable(product.name), gone: true };
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
    if (!option || !option.sizes.includes(input.size)) {
      return {
        problem: noLongerAvailable(product.name, input.optionType, input.size),
        gone: true,
      };
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
  const stitched = embroideryProblem(input.customText);
  if (stitched) return refuse(stitched);
  const unit = unitPricePence(product, input.optionType, nameCustomisation);
  if (unit === undefined) return refuse(`${product.name} can't be ordered as chosen.`);
  const was = wasUnitPricePence(product, input.optionType, nameCustomisation);
  const line: CartLine = {
    productId: product.id,
    productName: product.name,
    optionType: input.optionType,
    size: input.size,
    quantity: input.quantity,
    unitPricePence: unit,
    ...(was !== undefined && was > unit ? { wasUnitPricePence: was } : {}),
    // As this build serves it; the server prices a stored cart again when it loads (./store.ts),
    // so a cart that outlives the build gets the new address.
    // The owner's first photo (of the line's colour, if one is tagged) as its narrowest file,
    // else the first drawing (X-PHOTO-3). Inline: the cart is on every page.
    // Without a photo of that colour, a drawing in the line's colour (X-TRUE-11).
    image:
      product.photos?.find((p) => p.color === input.color)?.webp[0]?.url ??
      (product.photos?.length ? undefined : lineDrawingSrc(product, input.color)) ??
      product.photos?.[0]?.webp[0]?.url ??
      product.images[0]?.src,
    href: product.bundle ? "/accessories#bundle" : `/product/${product.id}`,
  };
  if (input.beltRank) line.beltRank = input.beltRank;
  if (input.color) line.color = input.color;
  if (input.customText) line.customText = input.customText;
  if (nameCustomisation) line.nameCustomisation = true;
  return { line };
}

/**
 * A gift card line (issue 54, X-GIFT-1): its own amount, one at a time, never discounted or on
 * sale; the recipient and message checked by the gift card rules.
 */
function priceGiftCardLine(input: NewCartLine): PricedLine {
  const wrong = giftCardProblem(input);
  if (wrong) return refuse(wrong.message);
  if (input.quantity !== 1)
    return refuse("A gift card line is one card; add another for a second.");
  if (input.beltRank || input.color || input.customText || input.nameCustomisation || input.team) {
    return refuse("A gift card has no options.");
  }
  const line: CartLine = {
    productId: input.productId,
    productName: GIFT_CARD_NAME,
    optionType: input.optionType,
    size: input.size,
    quantity: 1,
    unitPricePence: input.amountPence!,
    amountPence: input.amountPence!,
    recipientName: input.recipientName!.trim(),
    recipientEmail: input.recipientEmail!.trim(),
    href: "/gift-cards",
  };
  if (input.message) line.message = input.message;
  if (input.sendOn) line.sendOn = input.sendOn;
  return { line };
}

/** Where a cart line's name leads: its product page, or a bundle's block on /accessories. */
export function lineHref(line: Pick<CartLine, "productId" | "href">): string {
  return line.href ?? `/product/${line.productId}`;
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
  if (productId === GIFT_CARD_PRODUCT_ID) {
    const gift = {
      amountPence: v.amountPence,
      recipientName: v.recipientName,
      recipientEmail: v.recipientEmail,
      message: v.message ?? undefined,
      sendOn: v.sendOn ?? undefined,
    };
    if (giftCardProblem(gift)) return null;
    Object.assign(line, gift);
    if (!line.message) delete line.message;
    if (!line.sendOn) delete line.sendOn;
  }
  return line;
}

/** The stored cart's lines (version 1 or 2, at most MAX_CART_LINES), or null when it is not one. */
export function readStoredCart(value: unknown): LineChoice[] | null {
  if (typeof value !== "object" || value === null) return null;
  const { version, lines } = value as { version?: unknown; lines?: unknown };
  if ((version !== 1 && version !== 2) || !Array.isArray(lines) || lines.length > MAX_CART_LINES) {
    return null;
  }
  const read = lines.map(readStoredLine);
  return read.every((line) => line !== null) ? (read as LineChoice[]) : null;
}

/** A shop address kept with a stored line (its picture, its page), or undefined. */
const readPath = (value: unknown) =>
  typeof value === "string" &&
  /^\/[^/\\]/.test(value) &&
  value.length <= 300 &&
  !hasControlCharacters(value)
    ? value
    : undefined;

/**
 * What the shop said of a stored line when it was priced (version 2): its name, price, picture and
 * page, shown until the server prices the cart again (./store.ts); null when it is not there or off.
 */
function readSnapshot(
  value: unknown,
): Pick<
  CartLine,
  "productName" | "unitPricePence" | "wasUnitPricePence" | "image" | "href"
> | null {
  const v = value as Record<string, unknown>;
  const productName = readText(v.productName, 1, PRODUCT_NAME_MAX);
  const price = v.unitPricePence;
  if (!productName || typeof price !== "number" || !Number.isSafeInteger(price) || price < 0) {
    return null;
  }
  const was = v.wasUnitPricePence;
  const wasUnitPricePence =
    typeof was === "number" && Number.isSafeInteger(was) && was > price ? was : undefined;
  return {
    productName,
    unitPricePence: price,
    wasUnitPricePence,
    image: readPath(v.image),
    href: readPath(v.href),
  };
}

/** The cart as the browser keeps it (version 2): each choice with the name and price it was shown at. */
export function serialiseCart(lines: readonly CartLine[]): string {
  return JSON.stringify({
    version: 2,
    lines: lines.map(({ problem: _problem, ...line }) => line),
  });
}

export interface StoredCart {
  /** Lines with the name and price they were last priced at. */
  lines: CartLine[];
  /** Lines kept without them (a version 1 cart): the server prices them (./store.ts). */
  unpriced: LineChoice[];
}

/**
 * Reads a stored cart. Anything corrupt or from an unknown format gives an empty cart, never an
 * error. The prices read are only what was last shown: the server prices every line again when
 * the cart is loaded, and at checkout (X-CAT-3).
 */
export function parseStoredCart(raw: string | null): StoredCart {
  const empty: StoredCart = { lines: [], unpriced: [] };
  if (!raw) return empty;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return empty;
  }
  const stored = readStoredCart(json);
  if (!stored) return empty;
  const raws = (json as { lines: unknown[] }).lines;
  return stored.reduce<StoredCart>((cart, choice, index) => {
    const snapshot = readSnapshot(raws[index]);
    if (!snapshot) return { ...cart, unpriced: [...cart.unpriced, choice] };
    const line: CartLine = { ...choice, ...snapshot };
    if (!line.image) delete line.image;
    if (line.wasUnitPricePence === undefined) delete line.wasUnitPricePence;
    if (!line.href) delete line.href;
    return { ...cart, lines: addLine(cart.lines, line) ?? cart.lines };
  }, empty);
}
