import { z } from "zod";
import { type CartLine, priceLine } from "~/cart/cart";
import { CUSTOM_TEXT_MAX } from "~/catalogue/options";

const MAX_LINES = 100;

const cartItemSchema = z.object({
  productId: z.string({ error: "Each item needs a productId." }).trim().min(1).max(100),
  optionType: z.string({ error: "Each item needs an optionType." }).trim().min(1).max(40),
  size: z.string({ error: "Each item needs a size." }).trim().min(1).max(20),
  quantity: z
    .number({ error: "Quantity must be a whole number of 1 or more." })
    .int("Quantity must be a whole number of 1 or more.")
    .min(1, "Quantity must be a whole number of 1 or more.")
    .max(1000, "Quantity can be at most 1000 per item; contact us for larger orders."),
  beltRank: z.string().trim().max(40).optional().nullable(),
  color: z.string().trim().max(40).optional().nullable(),
  customText: z
    .string()
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
  discountCode: z.string().trim().max(40).optional().nullable(),
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
