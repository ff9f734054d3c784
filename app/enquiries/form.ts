import { z } from "zod";
import { text } from "~/shared/text";
import {
  EMAIL_MAX,
  ENQUIRY_ACADEMY_MAX,
  ENQUIRY_MESSAGE_MAX,
  PERSON_NAME_MAX,
} from "~/shared/limits";

/** The customisation enquiry (X-INFO-1): one schema, checked in the browser and on the server. */

export const GARMENT_TYPES = [
  "Rashguards",
  "Shorts",
  "Gis",
  "Thai shorts",
  "Hoodies",
  "Something else",
] as const;

export const QUANTITIES = ["10-24", "25-49", "50-99", "100+", "Not sure yet"] as const;

export const ENQUIRY_LIMITS = {
  name: PERSON_NAME_MAX,
  email: EMAIL_MAX,
  academy: ENQUIRY_ACADEMY_MAX,
  message: ENQUIRY_MESSAGE_MAX,
} as const;

const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const enquirySchema = z.object({
  name: text({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(ENQUIRY_LIMITS.name, `Your name can be at most ${ENQUIRY_LIMITS.name} characters.`),
  email: text({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(ENQUIRY_LIMITS.email, "That e-mail address is too long.")
    .pipe(z.email("Please enter a valid e-mail address, like name@example.com.")),
  academy: optionalText(
    ENQUIRY_LIMITS.academy,
    `The academy or team name can be at most ${ENQUIRY_LIMITS.academy} characters.`,
  ),
  garmentTypes: z
    .array(z.enum(GARMENT_TYPES, { error: "Please choose garment types from the list." }), {
      error: "Please choose garment types from the list.",
    })
    .max(GARMENT_TYPES.length)
    .default([])
    .transform((types) => [...new Set(types)]),
  quantity: z
    .union([z.enum(QUANTITIES), z.literal("")], { error: "Please choose a rough quantity." })
    .optional()
    .transform((value) => (value ? value : undefined)),
  message: text({ multiline: true, error: "Please tell us what you have in mind." })
    .trim()
    .min(1, "Please tell us what you have in mind.")
    .max(
      ENQUIRY_LIMITS.message,
      `Your message can be at most ${ENQUIRY_LIMITS.message} characters.`,
    ),
  /** Honeypot: hidden from people, so only a bot fills it in. */
  website: z.string().max(500).optional(),
});

export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;
export type EnquiryField = "name" | "email" | "academy" | "garmentTypes" | "quantity" | "message";

export type FieldErrors = Partial<Record<EnquiryField, string>>;

export type EnquiryCheck = { ok: true; value: Enquiry } | { ok: false; fieldErrors: FieldErrors };

/** Validates an enquiry; the first problem of each field, worded for a person. */
export function checkEnquiry(input: unknown): EnquiryCheck {
  const result = enquirySchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] ?? "message") as EnquiryField;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** The form's fields as the schema reads them (for the no-JavaScript form post). */
export function enquiryFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name") ?? "",
    email: text("email") ?? "",
    academy: text("academy"),
    garmentTypes: form.getAll("garmentTypes").filter((v) => typeof v === "string"),
    quantity: text("quantity"),
    message: text("message") ?? "",
    website: text("website"),
  };
}
