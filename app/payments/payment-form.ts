import { z } from "zod";
import { text } from "~/shared/text";

/** The payment page's messages (S-CHK-5). */
export const PAYMENT_MESSAGES = {
  address: "Please fill in all required shipping and billing fields",
  card: "Please fill in all card details",
} as const;

const field = (max: number) => text().trim().max(max).default("");

/** The payment page form (its fields: S-CHK-5), as posted. Blank checks are done by
 *  paymentFormProblem. */
export const paymentFormSchema = z.object({
  firstName: field(80),
  lastName: field(80),
  email: field(254),
  phone: field(40),
  address: field(200),
  city: field(100),
  postcode: field(20),
  country: field(80),
  sameAsShipping: text().max(10).optional(),
  billingFirstName: field(80),
  billingLastName: field(80),
  billingAddress: field(200),
  billingCity: field(100),
  billingPostcode: field(20),
  billingCountry: field(80),
  cardNumber: field(23),
  cardName: field(100),
  expiryDate: field(7),
  cvv: field(4),
});

export type PaymentForm = z.infer<typeof paymentFormSchema>;

const SHIPPING_REQUIRED = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "postcode",
] as const;
const BILLING_REQUIRED = [
  "billingFirstName",
  "billingLastName",
  "billingAddress",
  "billingCity",
  "billingPostcode",
] as const;
const TEAM_MEMBER_REQUIRED = ["firstName", "lastName", "email", "phone"] as const;
const CARD_REQUIRED = ["cardNumber", "cardName", "expiryDate", "cvv"] as const;

export function usesShippingForBilling(form: Pick<PaymentForm, "sameAsShipping">): boolean {
  return form.sameAsShipping === "on" || form.sameAsShipping === "true";
}

/** Each field's own message when it is blank (X-A11Y-2), in the order the page shows them. */
export const PAYMENT_FIELD_BLANK = {
  firstName: "Enter the first name for delivery",
  lastName: "Enter the last name for delivery",
  address: "Enter the delivery address",
  city: "Enter the delivery town or city",
  postcode: "Enter the delivery postcode",
  country: "Enter the delivery country",
  email: "Enter your e-mail address",
  phone: "Enter your phone number",
  billingFirstName: "Enter the first name for billing",
  billingLastName: "Enter the last name for billing",
  billingAddress: "Enter the billing address",
  billingCity: "Enter the billing town or city",
  billingPostcode: "Enter the billing postcode",
  billingCountry: "Enter the billing country",
  cardNumber: "Enter the card number",
  cardName: "Enter the name on the card",
  expiryDate: "Enter the card's expiry date as MM/YY",
  cvv: "Enter the card's 3-digit security code (CVV)",
} as const satisfies Partial<Record<keyof PaymentForm, string>>;

export type PaymentField = keyof typeof PAYMENT_FIELD_BLANK;
export const PAYMENT_FIELD_ORDER = Object.keys(PAYMENT_FIELD_BLANK) as PaymentField[];

/** The fields a person must fill in, as the page says with `required` and its marker. */
export function requiredPaymentFields(sameAsShipping: boolean): readonly PaymentField[] {
  return sameAsShipping
    ? [...SHIPPING_REQUIRED, ...CARD_REQUIRED]
    : [...SHIPPING_REQUIRED, ...BILLING_REQUIRED, ...CARD_REQUIRED];
}

/**
 * Every wrong field with its own message (X-A11Y-2): each blank required field, and an e-mail
 * that is not one. The page shows them by the fields and in its error summary, beside the
 * spec's one sentence (paymentFormProblem).
 */
export function paymentFieldErrors(
  form: PaymentForm,
  { withTeam = false }: { withTeam?: boolean } = {},
): Partial<Record<PaymentField, string>> {
  const errors: Partial<Record<PaymentField, string>> = {};
  const required = withTeam
    ? [...TEAM_MEMBER_REQUIRED, ...CARD_REQUIRED]
    : requiredPaymentFields(usesShippingForBilling(form));
  for (const field of required) {
    if (!form[field]) errors[field] = PAYMENT_FIELD_BLANK[field];
  }
  if (form.email && !z.email().safeParse(form.email).success) {
    errors.email = "Enter an e-mail address like name@example.com";
  }
  return errors;
}

/** The spec's two messages, then a plausible e-mail (S-CHK-5). */
export function paymentFormProblem(
  form: PaymentForm,
  /** X-TEAM-6: delivered with the member's team: a name, e-mail and phone, no address. */
  { withTeam = false }: { withTeam?: boolean } = {},
): string | null {
  const required = withTeam
    ? TEAM_MEMBER_REQUIRED
    : usesShippingForBilling(form)
      ? SHIPPING_REQUIRED
      : [...SHIPPING_REQUIRED, ...BILLING_REQUIRED];
  if (required.some((field) => !form[field])) {
    return withTeam ? "Please give your name, e-mail and phone." : PAYMENT_MESSAGES.address;
  }
  if (CARD_REQUIRED.some((field) => !form[field])) return PAYMENT_MESSAGES.card;
  if (!z.email().safeParse(form.email).success) return "Please enter a valid e-mail address.";
  return null;
}

/** The fields never sent back to the page after a refusal: the card's number and code (issue 56,
 *  WCAG 3.3.7 allows them to be typed again). */
const NOT_KEPT = new Set(["cardNumber", "cvv", "intent"]);

/**
 * What the person typed, to fill the form again after a refusal, with or without JavaScript
 * (issue 56, item 3; WCAG 3.3.7): every posted field of the form but the card's number and CVV,
 * each cut to its field's length. `sameAsShipping` is "" when the box was unticked.
 */
export function paymentValuesKept(body: FormData): Record<string, string> {
  const values: Record<string, string> = { sameAsShipping: "" };
  for (const key of Object.keys(paymentFormSchema.shape)) {
    if (NOT_KEPT.has(key)) continue;
    const value = body.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 254);
  }
  return values;
}
