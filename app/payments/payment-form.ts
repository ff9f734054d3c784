import { z } from "zod";

/** The payment page's messages (SPEC.md section 8). */
export const PAYMENT_MESSAGES = {
  address: "Please fill in all required shipping and billing fields",
  card: "Please fill in all card details",
} as const;

const text = (max: number) => z.string().trim().max(max).default("");

/** The payment page form (SPEC.md section 3), as posted. Blank checks are done by paymentFormProblem. */
export const paymentFormSchema = z.object({
  firstName: text(80),
  lastName: text(80),
  email: text(254),
  phone: text(40),
  address: text(200),
  city: text(100),
  postcode: text(20),
  country: text(80),
  sameAsShipping: z.string().optional(),
  billingFirstName: text(80),
  billingLastName: text(80),
  billingAddress: text(200),
  billingCity: text(100),
  billingPostcode: text(20),
  billingCountry: text(80),
  cardNumber: text(23),
  cardName: text(100),
  expiryDate: text(7),
  cvv: text(4),
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
const CARD_REQUIRED = ["cardNumber", "cardName", "expiryDate", "cvv"] as const;

export function usesShippingForBilling(form: Pick<PaymentForm, "sameAsShipping">): boolean {
  return form.sameAsShipping === "on" || form.sameAsShipping === "true";
}

/** The spec's two messages, then a plausible e-mail (S-CHK-5). */
export function paymentFormProblem(form: PaymentForm): string | null {
  const required = usesShippingForBilling(form)
    ? SHIPPING_REQUIRED
    : [...SHIPPING_REQUIRED, ...BILLING_REQUIRED];
  if (required.some((field) => !form[field])) return PAYMENT_MESSAGES.address;
  if (CARD_REQUIRED.some((field) => !form[field])) return PAYMENT_MESSAGES.card;
  if (!z.email().safeParse(form.email).success) return "Please enter a valid e-mail address.";
  return null;
}
