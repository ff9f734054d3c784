import { findOption, NO_SIZE, selectionProblem, STANDARD_OPTION } from "~/catalogue/options";
import type { Product } from "~/catalogue/types";
import { hasControlCharacters } from "~/shared/control-characters";
import { type LineChoice, lineChoiceSchema } from "~/shared/line-choice";
import {
  CART_LINES_MESSAGE,
  DISCOUNT_CODE_MAX,
  MAX_LINE_QUANTITY,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
} from "~/shared/limits";
import { addLine, lineKey, priceLine, readStoredCart, removeLine, setQuantity } from "./cart";
import type { Problem } from "~/shared/problems";

/**
 * The cart's actions as the shop's forms send them (issue 25, X-PE-1): `POST /cart` from a page
 * without JavaScript, `POST /api/cart` from the cart's script; the same fields either way.
 * `line` names a line by its key (lineKey), so a tab that has not seen another tab's change
 * still changes the line it showed.
 */
export type CartIntent =
  | { intent: "add"; fields: AddFields }
  | { intent: "update"; line: string; quantity: number }
  | { intent: "remove"; line: string }
  | { intent: "clear" }
  | { intent: "discount"; code: string }
  /** The cart a browser kept in its storage before carts lived on the server: moved over once. */
  | { intent: "merge"; lines: LineChoice[] };

/** What the product page's form sends to add a line: read as sent, checked against the product. */
export interface AddFields {
  productId: string;
  optionType: string;
  size: string;
  beltRank: string;
  color: string;
  customText: string;
  nameCustomisation: boolean;
  quantity: string;
}

export const CART_INTENTS = ["add", "update", "remove", "clear", "discount", "merge"] as const;

/** A form that tries a discount code (not one that clears it): it counts as a code check (X-SEC-19). */
export function isDiscountAttempt(form: FormData): boolean {
  return form.get("intent") === "discount" && String(form.get("code") ?? "").trim() !== "";
}
export const UNKNOWN_LINE = "That item is no longer in your cart.";

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A quantity typed or sent: a whole number from 1 to MAX_LINE_QUANTITY, or the sentence why not. */
export function readQuantity(
  raw: string,
): { ok: true; quantity: number } | { ok: false; error: string } {
  const trimmed = raw.trim();
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < 1)
    return { ok: false, error: QUANTITY_MESSAGE };
  const quantity = Number(trimmed);
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, error: QUANTITY_MAX_MESSAGE };
  return { ok: true, quantity };
}

/** The form's intent and its fields, or a sentence for a form that is not one of the cart's. */
export function readCartForm(
  form: FormData,
): { ok: true; intent: CartIntent } | { ok: false; error: string } {
  const intent = field(form, "intent");
  switch (intent) {
    case "add":
      return {
        ok: true,
        intent: {
          intent,
          fields: {
            productId: field(form, "productId"),
            optionType: field(form, "optionType"),
            size: field(form, "size"),
            beltRank: field(form, "beltRank"),
            color: field(form, "color"),
            customText: field(form, "customText"),
            nameCustomisation: ["true", "on"].includes(field(form, "nameCustomisation")),
            quantity: field(form, "quantity") || "1",
          },
        },
      };
    case "update": {
      const quantity = readQuantity(field(form, "quantity"));
      if (!quantity.ok) return quantity;
      return {
        ok: true,
        intent: { intent, line: field(form, "line"), quantity: quantity.quantity },
      };
    }
    case "remove":
      return { ok: true, intent: { intent, line: field(form, "line") } };
    case "clear":
      return { ok: true, intent: { intent } };
    case "discount": {
      const code = field(form, "code").trim();
      if (code.length > DISCOUNT_CODE_MAX || hasControlCharacters(code)) {
        return { ok: false, error: "Invalid discount code." };
      }
      return { ok: true, intent: { intent, code } };
    }
    case "merge": {
      let stored: unknown;
      try {
        stored = JSON.parse(field(form, "lines"));
      } catch {
        stored = null;
      }
      // Anything unreadable moves nothing: the old cart is simply not brought over.
      return { ok: true, intent: { intent, lines: readStoredCart(stored) ?? [] } };
    }
    default:
      return {
        ok: false,
        error: `intent must be one of ${CART_INTENTS.map((name) => `"${name}"`).join(", ")}.`,
      };
  }
}

export type AddCheck = { ok: true; choice: LineChoice } | Problem;

/**
 * A line to add, checked against its product as the product page checks it (the same sentences:
 * "Please select a size." and the rest, then priceLine's), or the sentence why not.
 */
export function checkAdd(fields: AddFields, product: Product | undefined): AddCheck {
  const quantity = readQuantity(fields.quantity);
  if (!product || product.status !== "active") {
    const { problem, gone } = priceLine(
      { productId: fields.productId, optionType: STANDARD_OPTION, size: NO_SIZE, quantity: 1 },
      product,
    );
    return { ok: false, message: problem ?? "", kind: gone ? "conflict" : "not_found" };
  }
  const option = findOption(product, fields.optionType);
  const optionType = option?.type ?? (product.options.length ? fields.optionType : STANDARD_OPTION);
  const selection = {
    optionType,
    size: option ? fields.size.trim() : NO_SIZE,
    beltRank: fields.beltRank.trim(),
    color: fields.color.trim(),
    customText: fields.customText,
    nameCustomisation: fields.nameCustomisation,
    quantity: quantity.ok ? quantity.quantity : 1,
  };
  const missing = selectionProblem(product, selection);
  if (missing) return { ok: false, kind: "invalid_input", message: missing };
  if (!quantity.ok) return { ok: false, kind: "invalid_input", message: quantity.error };
  const parsed = lineChoiceSchema.safeParse({
    productId: product.id,
    optionType: selection.optionType,
    size: selection.size || NO_SIZE,
    quantity: selection.quantity,
    beltRank: selection.beltRank,
    color: selection.color,
    customText: selection.customText,
    nameCustomisation: option?.customPricePence ? selection.nameCustomisation : undefined,
  });
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid item.",
    };
  }
  const { line, problem, gone } = priceLine(parsed.data, product);
  if (!line) return { ok: false, message: problem, kind: gone ? "conflict" : "invalid_input" };
  return { ok: true, choice: parsed.data };
}

export type IntentResult =
  { ok: true; lines: LineChoice[]; discountCode?: string | null } | Problem;

/**
 * Applies a checked intent to the stored lines (the add already checked by checkAdd, the
 * discount code already checked by the caller): the cart's rules in one place, capped by
 * MAX_CART_LINES and MAX_LINE_QUANTITY.
 */
export function applyIntent(
  lines: readonly LineChoice[],
  intent: Exclude<CartIntent, { intent: "add" }> | { intent: "add"; choice: LineChoice },
): IntentResult {
  const find = (key: string) => lines.findIndex((line) => lineKey(line) === key);
  switch (intent.intent) {
    case "add": {
      const next = addLine(lines, intent.choice);
      return next
        ? { ok: true, lines: next }
        : { ok: false, kind: "invalid_input", message: CART_LINES_MESSAGE };
    }
    case "update": {
      const index = find(intent.line);
      if (index === -1) return { ok: false, kind: "not_found", message: UNKNOWN_LINE };
      return { ok: true, lines: setQuantity(lines, index, intent.quantity) };
    }
    case "remove": {
      const index = find(intent.line);
      // Already gone (removed in another tab): the cart is as asked.
      return { ok: true, lines: index === -1 ? [...lines] : removeLine(lines, index) };
    }
    case "clear":
      return { ok: true, lines: [], discountCode: null };
    case "discount":
      return { ok: true, lines: [...lines], discountCode: intent.code || null };
    case "merge":
      return {
        ok: true,
        lines: intent.lines.reduce<LineChoice[]>(
          (kept, line) => addLine(kept, line) ?? kept,
          [...lines],
        ),
      };
  }
}
