import { z } from "zod";
import { text } from "~/security/text";
import { type CartLine, priceLine } from "~/cart/cart";
import { CUSTOM_TEXT_MAX } from "~/catalogue/options";
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

export type CheckedCart =
  { ok: true; lines: CartLine[] } | { ok: false; error: string; lineIndex: number };

/** Checks every line against the catalogue and prices it there; the first problem, if any. */
export function checkCartItems(items: readonly CartItem[]): CheckedCart {
  const lines: CartLine[] = [];
  for (const [position, item] of items.entries()) {
    const { line, problem } = priceLine({
      productId: item.productId,
      optionType: item.optionType,
      size: item.size,
      quantity: item.quantity,
      beltRank: item.beltRank || undefined,
      color: item.color || undefined,
      customText: item.customText?.trim() || undefined,
      nameCustomisation: item.nameCustomisation ?? undefined,
    });
    if (!line) return { ok: false, error: `Item ${position + 1}: ${problem}`, lineIndex: position };
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
