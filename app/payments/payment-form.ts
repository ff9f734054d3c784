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
