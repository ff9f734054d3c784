import { VAT_RATES } from "~/pricing/vat";
import { z } from "zod";
import { DESIGNS } from "../designs";
import { CATEGORIES, type Category, type GarmentKind, type ProductStatus } from "../types";
import { text } from "~/shared/text";
import { formatPenceDecimal } from "~/pricing/money";
import { checkFitChart, type FitChart } from "../fit";
import { LINE_CHOICE_MAX, PRODUCT_LIMITS, PRODUCT_NAME_MAX } from "~/shared/limits";

/** The owner's product as the JSON API and the form send it (X-CAT-1, X-CAT-2). */

export const PRODUCT_CATEGORIES = [
  ...CATEGORIES,
  "ACCESSORIES",
] as const satisfies readonly Category[];
export const STATUSES = ["draft", "active", "archived"] as const satisfies readonly ProductStatus[];
export const AUDIENCES = ["mens", "womens", "kids"] as const;
export const GARMENT_KINDS = [
  "no-gi-set",
  "gi",
  "sliders",
  "hoodie",
  "thai-shorts",
  "gym-bag",
  "mouth-guard",
  "journal",
  "water-bottle",
  "knee-pads",
  "patches",
  "wash-kit",
  "equipment-bag",
] as const satisfies readonly GarmentKind[];

export const STALE_VERSION = "This product was changed by someone else. Reload to see the changes.";

const price = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of pence.` })
    .int(`${what} must be a whole number of pence.`)
    .min(0, `${what} cannot be negative.`)
    .max(PRODUCT_LIMITS.pricePence, `${what} can be at most £10,000.00.`);

const shortText = (what: string, max: number) =>
  text({ error: `${what} must be text.` })
    .trim()
    .min(1, `${what} cannot be empty.`)
    .max(max, `${what} can be at most ${max} characters.`);

const list = (what: string, itemMax: number) =>
  z
    .array(shortText(`Each of the ${what}`, itemMax), { error: `${what} must be a list.` })
    .max(PRODUCT_LIMITS.list, `At most ${PRODUCT_LIMITS.list} ${what}.`)
    .refine((items) => new Set(items).size === items.length, `The ${what} must not repeat.`);

const optionSchema = z
  .object({
    type: shortText("An option's type", LINE_CHOICE_MAX.optionType),
    pricePence: price("An option's price"),
    compareAtPricePence: price("An option's compare-at price").nullish(),
    sizes: list("sizes", LINE_CHOICE_MAX.size).refine(
      (sizes) => sizes.length > 0,
      "Each option needs at least one size.",
    ),
    customPricePence: price("The name customisation price").nullish(),
    customizable: z.boolean().optional(),
    beltRanks: list("belt ranks", LINE_CHOICE_MAX.beltRank).nullish(),
    colors: list("colours", LINE_CHOICE_MAX.color).nullish(),
    /** X-VAT-1: sizes of a zero-rated product above HMRC's limits: standard-rated. */
    standardRatedSizes: list("standard-rated sizes", LINE_CHOICE_MAX.size).nullish(),
    /** The size finder's chart (X-FIT-1); absent keeps the option's chart, null removes it. */
    fit: z
      .unknown()
      .transform((value, ctx): FitChart | null | undefined => {
        if (value === undefined || value === null) return value;
        const checked = checkFitChart(value);
        if (checked.ok) return checked.chart;
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      })
      .optional(),
  })
  .strict()
  .refine((o) => o.compareAtPricePence == null || o.compareAtPricePence > o.pricePence, {
    message: "A compare-at price must be higher than the price.",
  })
  .refine((o) => (o.standardRatedSizes ?? []).every((size) => o.sizes.includes(size)), {
    message: "Each standard-rated size must be one of the option's sizes.",
    path: ["standardRatedSizes"],
  });

export type OptionInput = z.infer<typeof optionSchema>;

const fields = {
  name: shortText("The name", PRODUCT_NAME_MAX),
  category: z.enum(PRODUCT_CATEGORIES, {
    error: `The category must be one of ${PRODUCT_CATEGORIES.join(", ")}.`,
  }),
  status: z.enum(STATUSES, { error: "The status must be draft, active or archived." }),
  audience: z.enum(AUDIENCES, { error: "The audience must be mens, womens or kids." }).nullish(),
  description: text({ multiline: true, error: "The description must be text." })
    .trim()
    .min(1, "The description cannot be empty.")
    .max(
      PRODUCT_LIMITS.description,
      `The description can be at most ${PRODUCT_LIMITS.description} characters.`,
    ),
  highlights: z
    .array(shortText("Each highlight", PRODUCT_LIMITS.highlight), {
      error: "highlights must be a list.",
    })
    .max(PRODUCT_LIMITS.highlights, `At most ${PRODUCT_LIMITS.highlights} highlights.`),
  pricePence: price("The price"),
  compareAtPricePence: price("The compare-at price").nullish(),
  options: z
    .array(optionSchema, { error: "options must be a list." })
    .max(PRODUCT_LIMITS.options, `At most ${PRODUCT_LIMITS.options} options.`)
    .refine(
      (options) => new Set(options.map((o) => o.type)).size === options.length,
      "Two options cannot have the same type.",
    ),
  kind: z.enum(GARMENT_KINDS, { error: `The drawing must be one of ${GARMENT_KINDS.join(", ")}.` }),
  design: z.enum(Object.keys(DESIGNS) as [string, ...string[]], {
    error: `The print must be one of ${Object.keys(DESIGNS).join(", ")}.`,
  }),
  /** X-VAT-1: standard (20%) or zero (young children's clothing and footwear). */
  vatRate: z.enum(VAT_RATES, { error: 'The VAT rate must be "standard" or "zero".' }),
  seoTitle: text()
    .trim()
    .max(
      PRODUCT_LIMITS.seoTitle,
      `The SEO title can be at most ${PRODUCT_LIMITS.seoTitle} characters.`,
    )
    .nullish(),
  seoDescription: text()
    .trim()
    .max(
      PRODUCT_LIMITS.seoDescription,
      `The SEO description can be at most ${PRODUCT_LIMITS.seoDescription} characters.`,
    )
    .nullish(),
};

/** A product's id: lower-case words joined by "-" (its length is PRODUCT_LIMITS.id). */
export const PRODUCT_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether `id` could name a product at all: a NUL or any other odd id is never looked up (X-SEC-18). */
export function isProductId(id: string): boolean {
  return id.length <= PRODUCT_LIMITS.id && PRODUCT_ID_PATTERN.test(id);
}

/** Said for an owner's product search with a NUL or another control character in it (X-SEC-18). */
export const BAD_SEARCH = "The search can only contain letters, digits, spaces and punctuation.";

const ID_MESSAGE = `The id must be 1 to ${PRODUCT_LIMITS.id} lower-case letters and digits in words joined by "-", e.g. mens-storm-rashguard.`;

export const createSchema = z
  .object({
    id: z
      .string({ error: ID_MESSAGE })
      .max(PRODUCT_LIMITS.id, ID_MESSAGE)
      .regex(PRODUCT_ID_PATTERN, ID_MESSAGE),
    ...fields,
    status: fields.status.default("draft"),
    highlights: fields.highlights.default([]),
    pricePence: fields.pricePence.optional(),
    options: fields.options.default([]),
    kind: fields.kind.optional(),
    design: fields.design.optional(),
    vatRate: fields.vatRate.default("standard"),
  })
  .strict();

export const updateSchema = z
  .object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])),
    version: z.number({ error: "Send the version you edited." }).int().min(1),
  } as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> } & {
    version: z.ZodNumber;
  })
  .strict();

/**
 * What the owner's GET answers but a PUT cannot change (X-TRUE-7): the id (the address names the
 * product), the audience as read (`group`; written as `audience`), the pictures and photos (their
 * own forms), the shown "was" price (`originalPricePence`; written as `compareAtPricePence`),
 * what only the seed sets, and the time of the last change. A PUT of the GET's JSON ignores them.
 */
export const READ_ONLY_FIELDS = [
  "id",
  "group",
  "images",
  "photos",
  "originalPricePence",
  "accessoryCategory",
  "artColor",
  "bundle",
  "updatedAt",
] as const;

/** The body without the read-only fields, so a product's GET can be PUT back as it is. */
export function withoutReadOnly(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of READ_ONLY_FIELDS) delete rest[field];
  return rest;
}

export type CreateInput = z.infer<typeof createSchema>;
export type UpdateInput = z.infer<typeof updateSchema>;

/** The first problem as a sentence, naming the option where it is one. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The product could not be read.";
  if (issue.code === "unrecognized_keys") {
    return `Unknown field: ${issue.keys.join(", ")}.`;
  }
  const [field, index] = issue.path;
  if (field === "options" && typeof index === "number")
    return `Option ${index + 1}: ${issue.message}`;
  return issue.message;
}

/** The drawing a new product gets from its category, when the owner does not choose one. */
export function defaultKind(category: Category): GarmentKind {
  if (category === "ACCESSORIES") return "gym-bag";
  if (category.endsWith("GI") && !category.includes("NO-GI")) return "gi";
  if (category.includes("LEISUREWEAR")) return "hoodie";
  if (category.includes("MUAY-THAI")) return "thai-shorts";
  return "no-gi-set";
}

/** Pounds as typed ("34.99", "£34.99") as pence; undefined when empty, null when not a price. */
export function poundsToPence(cell: string): number | null | undefined {
  const value = cell.trim().replace(/^£/, "");
  if (!value) return undefined;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Pence as the owner types pounds: "34.99"; "" for none. */
export const penceToPounds = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? "" : formatPenceDecimal(pence);
