import { z } from "zod";
import { formatPenceShort } from "~/pricing/money";
import { SHIPPING_METHOD_IDS } from "~/pricing/shipping";
import type { ShopSettings } from "./shop-settings";
import { GIFT_CARD_EXPIRY_MONTHS_MAX, GIFT_CARD_EXPIRY_MONTHS_MIN } from "~/shared/gift-cards";

/**
 * The settings' shape as the server checks it (X-TRUE-2): apart from ./shop-settings.ts so the
 * browser's pages, which read the settings' sentences, do not carry the checker.
 */
/** Limits the form and the JSON share. */
export const SETTINGS_LIMITS = {
  nameMax: 120,
  addressLines: 6,
  addressLineMax: 120,
  emailMax: 254,
  leadTimeMax: 40,
  priceMaxPence: 100_000,
  freeFromMaxPence: 1_000_000,
  returnDaysMin: 14,
  returnDaysMax: 365,
  /** Issue 54 (X-GIFT-2): how long a gift card may last, in months. */
  giftCardMonthsMin: GIFT_CARD_EXPIRY_MONTHS_MIN,
  giftCardMonthsMax: GIFT_CARD_EXPIRY_MONTHS_MAX,
} as const;

const pence = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number of pence.` })
    .int(`${field} must be a whole number of pence.`)
    .min(0, `${field} cannot be negative.`)
    .max(max, `${field} can be at most ${formatPenceShort(max)}.`);

const optionalText = (field: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `${field} must be text or null.` })
    .trim()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || pattern.test(value), {
      message: `${field} must look like ${example}, or be left empty.`,
    });

/** An address as lines: blank lines dropped, two to six lines left. */
const addressLines = (field: string, what: string) =>
  z
    .array(
      z
        .string({ error: "Each address line must be text." })
        .trim()
        .max(
          SETTINGS_LIMITS.addressLineMax,
          `An address line can be at most ${SETTINGS_LIMITS.addressLineMax} characters.`,
        ),
      { error: `${field} must be a list of lines.` },
    )
    .transform((lines) => lines.filter((line) => line !== ""))
    .pipe(
      z
        .array(z.string())
        .min(2, `${what} needs at least two lines (street and town).`)
        .max(
          SETTINGS_LIMITS.addressLines,
          `The address can have at most ${SETTINGS_LIMITS.addressLines} lines.`,
        ),
    );

const methodSchema = z
  .object({
    id: z.enum(SHIPPING_METHOD_IDS, {
      error: `Each delivery method's id must be one of ${SHIPPING_METHOD_IDS.join(", ")}.`,
    }),
    enabled: z.boolean({ error: "A delivery method's enabled must be true or false." }),
    pricePence: pence("The delivery price", SETTINGS_LIMITS.priceMaxPence),
    per: z.enum(["item", "order"], {
      error: 'A delivery method\'s per must be "item" or "order".',
    }),
    leadTime: z
      .string({ error: "A delivery method's leadTime must be text." })
      .trim()
      .min(1, "Say how long delivery takes (for example 2-5 working days).")
      .max(
        SETTINGS_LIMITS.leadTimeMax,
        `A lead time can be at most ${SETTINGS_LIMITS.leadTimeMax} characters.`,
      )
      .regex(/\d/, "A lead time needs its days (for example 2-5 working days)."),
  })
  .strict();

export const shopSettingsSchema = z
  .object({
    seller: z
      .object({
        name: z
          .string({ error: "seller.name must be text." })
          .trim()
          .min(1, "The seller's name cannot be empty.")
          .max(
            SETTINGS_LIMITS.nameMax,
            `The seller's name can be at most ${SETTINGS_LIMITS.nameMax} characters.`,
          ),
        postalAddress: addressLines("seller.postalAddress", "The seller's postal address"),
        email: z
          .email({ error: "The seller's e-mail must be an e-mail address." })
          .max(SETTINGS_LIMITS.emailMax, "The seller's e-mail is too long."),
        vatNumber: optionalText(
          "The VAT number",
          /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
          "GB123456789",
        ),
        companyNumber: optionalText(
          "The company number",
          /^([A-Z]{2}\d{6}|\d{8})$/,
          "01234567 or SC123456",
        ),
        // X-OWN-1: new in issue 49, so a document without them (an older client, a stored row)
        // still reads: left out or empty is null (the postal address; the seller's e-mail).
        returnsAddress: z
          .union([
            z.null(),
            z
              .array(z.string({ error: "Each address line must be text." }), {
                error: "seller.returnsAddress must be a list of lines or null.",
              })
              .transform((lines) => lines.map((line) => line.trim()).filter(Boolean))
              .transform((lines) => (lines.length ? lines : null))
              .pipe(addressLines("seller.returnsAddress", "The returns address").nullable()),
          ])
          .optional()
          .transform((value) => value ?? null),
        noticesTo: z
          .union([
            z.null(),
            z
              .string({ error: "seller.noticesTo must be an e-mail address or null." })
              .trim()
              .transform((value) => value || null)
              .pipe(
                z
                  .email({ error: "The address for the shop's notices must be an e-mail address." })
                  .max(SETTINGS_LIMITS.emailMax, "The address for notices is too long.")
                  .nullable(),
              ),
          ])
          .optional()
          .transform((value) => value ?? null),
      })
      .strict(),
    delivery: z
      .object({
        methods: z
          .array(methodSchema, { error: "delivery.methods must be a list." })
          .refine(
            (methods) =>
              methods.length === SHIPPING_METHOD_IDS.length &&
              SHIPPING_METHOD_IDS.every((id) => methods.filter((m) => m.id === id).length === 1),
            {
              message: `delivery.methods must list each of ${SHIPPING_METHOD_IDS.join(", ")} once.`,
            },
          )
          .refine((methods) => methods.some((m) => m.enabled && m.id !== "international"), {
            message: "Keep at least one UK delivery method on.",
          }),
        freeStandardFromPence: pence(
          "The free delivery threshold",
          SETTINGS_LIMITS.freeFromMaxPence,
        ).nullable(),
      })
      .strict(),
    returns: z
      .object({
        days: z
          .number({ error: "returns.days must be a whole number of days." })
          .int("returns.days must be a whole number of days.")
          .min(
            SETTINGS_LIMITS.returnDaysMin,
            `The return window must be at least ${SETTINGS_LIMITS.returnDaysMin} days (the buyer's legal right to cancel).`,
          )
          .max(
            SETTINGS_LIMITS.returnDaysMax,
            `The return window can be at most ${SETTINGS_LIMITS.returnDaysMax} days.`,
          ),
      })
      .strict(),
    /** Issue 54: how long a gift card lasts, in months (at least a year; 24 if never set). */
    giftCards: z
      .object({
        expiryMonths: z
          .number({ error: "giftCards.expiryMonths must be a whole number of months." })
          .int("giftCards.expiryMonths must be a whole number of months.")
          .min(
            SETTINGS_LIMITS.giftCardMonthsMin,
            `A gift card must last at least ${SETTINGS_LIMITS.giftCardMonthsMin} months.`,
          )
          .max(
            SETTINGS_LIMITS.giftCardMonthsMax,
            `A gift card can last at most ${SETTINGS_LIMITS.giftCardMonthsMax} months.`,
          ),
      })
      .strict()
      .optional(),
  })
  .strict();

/** A refused setting: the field's path as the JSON names it, and a sentence for a person. */
export interface SettingsRefusal {
  field: string;
  message: string;
}

/**
 * Reads a whole settings document, or says which fields are wrong and why: `refusals` names
 * every wrong field at once (issue 56, X-A11Y-10), one sentence a field; `refusal` is the first.
 */
export function parseShopSettings(
  body: unknown,
):
  | { ok: true; settings: ShopSettings }
  | { ok: false; refusal: SettingsRefusal; refusals: SettingsRefusal[] } {
  const parsed = shopSettingsSchema.safeParse(body);
  if (parsed.success) {
    const methods = SHIPPING_METHOD_IDS.map((id) =>
      parsed.data.delivery.methods.find((m) => m.id === id)!,
    );
    return {
      ok: true,
      settings: { ...parsed.data, delivery: { ...parsed.data.delivery, methods } },
    };
  }
  const refusals: SettingsRefusal[] = [];
  for (const issue of parsed.error.issues) {
    const refusal = refusalOf(body, issue);
    if (!refusals.some((seen) => seen.field === refusal.field)) refusals.push(refusal);
  }
  return { ok: false, refusal: refusals[0]!, refusals };
}

/** One problem of the document as its field's path and a sentence. */
function refusalOf(body: unknown, issue: z.core.$ZodIssue): SettingsRefusal {
  const path = issue.path
    .map((part, index) => {
      // delivery.methods[1].pricePence → delivery.methods[uk-express].pricePence
      if (typeof part === "number" && issue.path[index - 1] === "methods") {
        const methods = (body as { delivery?: { methods?: { id?: unknown }[] } })?.delivery
          ?.methods;
        const id = methods?.[part]?.id;
        return `[${typeof id === "string" ? id : part}]`;
      }
      return typeof part === "number" ? `[${part}]` : `.${String(part)}`;
    })
    .join("")
    .replace(/^\./, "");
  const field = path || "settings";
  const message =
    issue.code === "unrecognized_keys"
      ? `${field ? `${field} has` : "The settings have"} an unknown field: ${issue.keys.join(", ")}.`
      : issue.message.startsWith("Invalid input")
        ? `${field} is missing or is not the right kind of value.`
        : issue.message;
  return { field, message };
}
