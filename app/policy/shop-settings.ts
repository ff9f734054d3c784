import { z } from "zod";
import { BRAND } from "~/shared/brand";
import { formatPenceShort } from "~/pricing/money";
import {
  DEFAULT_DELIVERY,
  DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE,
  type DeliverySettings,
  methodSetting,
  SHIPPING_METHOD_IDS,
} from "~/pricing/shipping";

/**
 * The shop's settings in the owner's hands (X-TRUE-2, `/admin/settings`, `GET`/`PUT
 * /api/admin/settings`): who sells, what delivery costs, how long returns run. Stored in the
 * database (`shop_settings`); every page, e-mail and total reads them from the request's catalogue
 * (app/catalogue/store.server.ts), so this file holds only their shape, defaults and sentences.
 */
export interface SellerSettings {
  name: string;
  postalAddress: string[];
  email: string;
  vatNumber: string | null;
  companyNumber: string | null;
}

export interface ShopSettings {
  seller: SellerSettings;
  delivery: DeliverySettings;
  returns: { days: number };
}

/** A fresh shop's settings: the seller in app/shared/brand.ts, the specification's delivery and
 *  the 14-day right to cancel the shop has always given (X-UK-5). */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  seller: {
    name: BRAND.seller.name,
    postalAddress: [...BRAND.seller.postalAddress],
    email: BRAND.email,
    vatNumber: null,
    companyNumber: null,
  },
  delivery: DEFAULT_DELIVERY,
  returns: { days: 14 },
};

/** The settings as a request sees them, with what the launch checklist needs to know. */
export interface SettingsState {
  settings: ShopSettings;
  /** The owner saved the delivery and returns at least once (no demo sentences from then on). */
  deliveryReviewed: boolean;
  /** The owner removed the demo content (X-TRUE-3). */
  demoRemoved: boolean;
}

export const DEFAULT_SETTINGS_STATE: SettingsState = {
  settings: DEFAULT_SHOP_SETTINGS,
  deliveryReviewed: false,
  demoRemoved: false,
};

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
        postalAddress: z
          .array(
            z
              .string({ error: "Each address line must be text." })
              .trim()
              .max(
                SETTINGS_LIMITS.addressLineMax,
                `An address line can be at most ${SETTINGS_LIMITS.addressLineMax} characters.`,
              ),
            { error: "seller.postalAddress must be a list of lines." },
          )
          .transform((lines) => lines.filter((line) => line !== ""))
          .pipe(
            z
              .array(z.string())
              .min(2, "The seller's postal address needs at least two lines (street and town).")
              .max(
                SETTINGS_LIMITS.addressLines,
                `The address can have at most ${SETTINGS_LIMITS.addressLines} lines.`,
              ),
          ),
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
  })
  .strict();

/** A refused setting: the field's path as the JSON names it, and a sentence for a person. */
export interface SettingsRefusal {
  field: string;
  message: string;
}

/** Reads a whole settings document, or says which field is wrong and why. */
export function parseShopSettings(
  body: unknown,
): { ok: true; settings: ShopSettings } | { ok: false; refusal: SettingsRefusal } {
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
  const issue = parsed.error.issues[0]!;
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
  return { ok: false, refusal: { field, message } };
}

/** The product page's delivery and returns lines (S-PDP-8), as the settings make them true. */
export interface DeliveryPromiseLines {
  standard: string;
  free: string | null;
  returns: string;
}

export function deliveryPromiseLines(state: SettingsState): DeliveryPromiseLines {
  const { delivery, returns } = state.settings;
  if (!state.deliveryReviewed && !state.demoRemoved) {
    // Demo content: the specification's own sentences, until the owner saves or removes the demo.
    return {
      standard: `Standard UK delivery from ${formatPenceShort(DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE)}`,
      free:
        delivery.freeStandardFromPence === null
          ? null
          : `Free shipping over ${formatPenceShort(delivery.freeStandardFromPence)}`,
      returns: "30 day returns",
    };
  }
  const standard = methodSetting("uk-standard", delivery);
  const express = methodSetting("uk-express", delivery);
  const uk = standard.enabled ? standard : express;
  const name = standard.enabled ? "Standard UK delivery" : "UK express delivery";
  const per = uk.per === "item" ? " an item" : " an order";
  return {
    standard: `${name} ${formatPenceShort(uk.pricePence)}${per}`,
    free:
      standard.enabled && delivery.freeStandardFromPence !== null
        ? `Free standard UK delivery on orders of ${formatPenceShort(delivery.freeStandardFromPence)} or more`
        : null,
    returns: `${returns.days} day returns on unworn, non-personalised items`,
  };
}

/** The seller as receipts and e-mails print it (X-UK-4). */
export function sellerLines(seller: SellerSettings): string[] {
  return [
    seller.name,
    ...seller.postalAddress,
    seller.email,
    ...(seller.companyNumber ? [`Company number ${seller.companyNumber}`] : []),
  ];
}

/** A whole number of working days a lead time may take at most ("2-5 working days" → 5). */
export function leadTimeMaxDays(leadTime: string): number {
  const numbers = leadTime.match(/\d+/g)?.map(Number) ?? [];
  return numbers.length ? Math.max(...numbers) : 0;
}
