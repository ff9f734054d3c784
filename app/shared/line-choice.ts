import { z } from "zod";
import { text } from "~/shared/text";
import {
  CUSTOM_TEXT_MAX,
  CUSTOM_TEXT_SENT_MAX,
  LINE_CHOICE_MAX,
  CUSTOM_TEXT_MESSAGE,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
  MAX_LINE_QUANTITY,
  PRINT_NAME_MESSAGE,
  TEAM_SLUG_MAX,
} from "./limits";
import { GIFT_CARD_EMAIL_MAX, GIFT_CARD_PRODUCT_ID, GIFT_CARD_NAME_MAX } from "./gift-cards";

/**
 * What a customer chose on one line, declared once (X-ARCH-3): the product, its option and
 * size, a belt rank or colour, their own text, a paid name, and how many. The cart keeps it,
 * the checkout request sends it, stock, orders and e-mails read it; each place takes the part
 * it needs (`Pick`) or adds what it works out (a name, a price).
 *
 * Browser-safe. The stored-cart reader (app/cart/cart.ts) checks the same rules by hand, so that
 * zod stays out of every page's JavaScript (X-PERF-2), and its test holds it to this schema
 * through the checkout request's schema.
 *
 * Text is trimmed; an empty or null optional field becomes absent.
 */
const required = (field: "productId" | "optionType" | "size") =>
  text({ error: `Each item needs a ${field}.` })
    .trim()
    .min(1)
    .max(LINE_CHOICE_MAX[field]);

const optional = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || undefined)
    .optional();

/** A gift card line (issue 54) comes as `{productId: "gift-card", amountPence, recipientName,
 *  recipientEmail, message?, sendOn?}`: it is one item, with no option or size. */
const giftCardDefaults = (input: unknown) =>
  typeof input === "object" &&
  input !== null &&
  (input as { productId?: unknown }).productId === GIFT_CARD_PRODUCT_ID
    ? { optionType: "Standard", size: "N/A", quantity: 1, ...input }
    : input;

const lineChoiceObject = z.object({
  productId: required("productId"),
  optionType: required("optionType"),
  size: required("size"),
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_LINE_QUANTITY, QUANTITY_MAX_MESSAGE),
  beltRank: optional(LINE_CHOICE_MAX.beltRank),
  color: optional(LINE_CHOICE_MAX.color),
  customText: text()
    .max(CUSTOM_TEXT_SENT_MAX, CUSTOM_TEXT_MESSAGE)
    .nullish()
    .refine((text) => !text || Array.from(text.trim()).length <= CUSTOM_TEXT_MAX, {
      message: CUSTOM_TEXT_MESSAGE,
    })
    .transform((text) => text?.trim() || undefined)
    .optional(),
  nameCustomisation: z
    .boolean()
    .nullish()
    .transform((on) => on ?? undefined)
    .optional(),
  /** X-TEAM-2: the team store (its slug) the line is ordered from, at the team's price. */
  team: optional(TEAM_SLUG_MAX),
  /** X-TEAM-2: the member's own name to print on a team line (checked against the team's rules
   *  by the server, which says the sentence). */
  printName: text()
    .max(CUSTOM_TEXT_SENT_MAX, PRINT_NAME_MESSAGE)
    .nullish()
    .transform((name) => name?.trim() || undefined)
    .optional(),
  // ── Issue 54: a gift card line (its rules: app/shared/gift-cards.ts, giftCardProblem) ──
  amountPence: z.number({ error: "The gift card's amount must be a number of pence." }).optional(),
  recipientName: optional(GIFT_CARD_NAME_MAX),
  recipientEmail: optional(GIFT_CARD_EMAIL_MAX),
  /** Up to 300 characters; line breaks are kept, so it is not trimmed inside. */
  message: text({ multiline: true })
    .max(2000, "The message can be at most 300 characters.")
    .nullish()
    .transform((value) => value?.trim() || undefined)
    .optional(),
  sendOn: optional(10),
});

export const lineChoiceSchema = z.preprocess(giftCardDefaults, lineChoiceObject);

/** The fields only a gift card line has (issue 54). */
export type GiftCardField =
  "amountPence" | "recipientName" | "recipientEmail" | "message" | "sendOn";

/** One line's choice, as the shop holds it. */
export type LineChoice = z.output<typeof lineChoiceSchema>;

/** The same choice as a database row or a JSON body may hold it: an absent value may be null. */
export type LineChoiceOrNull = {
  [K in keyof LineChoice]: LineChoice[K] | (undefined extends LineChoice[K] ? null : never);
};

/** A choice the server has priced from the catalogue: the product's name and the unit price in
 *  pence at that moment (what an order stores). */
export interface PricedChoice extends LineChoice {
  productName: string;
  unitPricePence: number;
  /** The unit price it was reduced from (a compare-at price, or before a sale; X-CAT-5). */
  wasUnitPricePence?: number;
}
