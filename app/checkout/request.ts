import { z } from "zod";
import { text } from "~/security/text";
import { type CartLine, priceLine } from "~/cart/cart";
import { findProduct } from "~/catalogue";
import { CUSTOM_TEXT_MAX, findOption, NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHOD_IDS } from "~/pricing/shipping";

/** Caps on one order (X-SEC-6): lines, quantity per line, and the total in pence. */
export const MAX_LINES = 100;
export const MAX_LINE_QUANTITY = 1000;
export const MAX_ORDER_TOTAL_PENCE = 2_000_000;

const cartItemSchema = z.object({
  productId: text({ error: "Each item needs a productId." }).trim().min(1).max(100),
  optionType: text({ error: "Each item needs an optionType." }).trim().min(1).max(40),
  size: text({ error: "Each item needs a size." }).trim().min(1).max(20),
  quantity: z
    .number({ error: "Quantity must be a whole number of 1 or more." })
    .int("Quantity must be a whole number of 1 or more.")
    .min(1, "Quantity must be a whole number of 1 or more.")
    .max(
      MAX_LINE_QUANTITY,
      `Quantity can be at most ${MAX_LINE_QUANTITY} per item; contact us for larger orders.`,
    ),
  beltRank: text().trim().max(40).optional().nullable(),
  color: text().trim().max(40).optional().nullable(),
  customText: text()
    .max(200)
    .optional()
    .nullable()
    .refine((text) => !text || Array.from(text.trim()).length <= CUSTOM_TEXT_MAX, {
      message: `Custom text can be at most ${CUSTOM_TEXT_MAX} characters.`,
    }),
  nameCustomisation: z.boolean().optional().nullable(),
});

/**
 * The body of POST /api/create-checkout-session. Prices, totals and a `discount` percentage may be
 * sent by old clients; they are not part of the schema and are ignored (X-CHK-1).
 */
export const checkoutRequestSchema = z.object({
  cartItems: z
    .array(cartItemSchema, { error: "cartItems must be a list of items." })
    .min(1, "Your cart is empty.")
    .max(MAX_LINES, `An order can have at most ${MAX_LINES} lines.`),
  discountCode: text().trim().max(40).optional().nullable(),
  /** X-UK-1: absent (or null) means UK standard; any other value is refused. */
  shippingMethod: z
    .enum(SHIPPING_METHOD_IDS, {
      error: `shippingMethod must be one of ${SHIPPING_METHOD_IDS.map((id) => `"${id}"`).join(", ")}.`,
    })
    .nullish()
    .transform((id) => id ?? DEFAULT_SHIPPING_METHOD),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
type CartItem = z.infer<typeof cartItemSchema>;

/** Why a line does not match the catalogue, in words for a person. */
function lineProblem(item: CartItem, position: number): string {
  const where = `Item ${position + 1}`;
  const product = findProduct(item.productId);
  if (!product) return `${where}: we don't sell a product called "${item.productId}".`;
  if (product.options.length === 0) {
    if (item.optionType !== STANDARD_OPTION || item.size !== NO_SIZE) {
      return `${where}: ${product.name} has no options or sizes.`;
    }
    return `${where}: ${product.name} can't be customised.`;
  }
  const option = findOption(product, item.optionType);
  if (!option) return `${where}: ${product.name} doesn't come as "${item.optionType}".`;
  if (!option.sizes.includes(item.size)) {
    return `${where}: ${product.name} (${option.type}) doesn't come in size "${item.size}".`;
  }
  if (option.beltRanks && !option.beltRanks.includes(item.beltRank ?? "")) {
    return `${where}: please choose a belt rank we make for ${product.name}.`;
  }
  if (!option.beltRanks && item.beltRank) return `${where}: ${product.name} has no belt ranks.`;
  if (option.colors && !option.colors.includes(item.color ?? "")) {
    return `${where}: please choose a colour we make ${product.name} in.`;
  }
  if (!option.colors && item.color) return `${where}: ${product.name} has no colour choice.`;
  if (item.customText && !option.customizable) {
    return `${where}: ${product.name} (${option.type}) can't carry custom text.`;
  }
  if (item.nameCustomisation && !option.customPricePence) {
    return `${where}: ${product.name} (${option.type}) has no name customisation.`;
  }
  if (item.nameCustomisation && !item.customText?.trim()) {
    return `${where}: name customisation needs the name to put on the ${option.type.toLowerCase()}.`;
  }
  return `${where}: this item can't be ordered as chosen.`;
}

export type CheckedCart = { ok: true; lines: CartLine[] } | { ok: false; error: string };

/** Checks every line against the catalogue and prices it there; the first problem, if any. */
export function checkCartItems(items: readonly CartItem[]): CheckedCart {
  const lines: CartLine[] = [];
  for (const [position, item] of items.entries()) {
    const line = priceLine({
      productId: item.productId,
      optionType: item.optionType,
      size: item.size,
      quantity: item.quantity,
      beltRank: item.beltRank || undefined,
      color: item.color || undefined,
      customText: item.customText?.trim() || undefined,
      nameCustomisation: item.nameCustomisation ?? undefined,
    });
    if (!line) return { ok: false, error: lineProblem(item, position) };
    lines.push(line);
  }
  return { ok: true, lines };
}

/** The first zod issue as a sentence. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const index = issue.path[1];
  const prefix =
    issue.path[0] === "cartItems" && typeof index === "number" ? `Item ${index + 1}: ` : "";
  return `${prefix}${issue.message}`;
}
