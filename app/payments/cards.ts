/** Card checks of the sandbox payment page, modelled on Stripe's test mode. Pure. */

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "card";
}

/** MM/YY, not before the current month. */
export function expiryProblem(input: string, now: Date): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.trim());
  if (!match) return "Enter the expiry date as MM/YY.";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "Enter the expiry date as MM/YY.";
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return "Your card has expired.";
  return null;
}

/** Stripe's test cards that are declined, and how. */
const DECLINED: Record<string, string> = {
  "4000000000000002": "Your card was declined. Please try another card.",
  "4000000000009995": "Your card has insufficient funds. Please try another card.",
  "4000000000000069": "Your card has expired. Please try another card.",
  "4000000000000127": "Your card's security code is incorrect.",
  "4000000000009987": "Your card was declined. Please try another card.",
  "4000000000009979": "Your card was declined. Please try another card.",
  "4100000000000019": "Your card was declined. Please try another card.",
  "4000000000000119": "An error occurred while processing your card. Please try again.",
};

/**
 * The card numbers Stripe publishes for test mode (https://docs.stripe.com/testing) that pay.
 * The sandbox takes no other number: a real card typed into a test shop is refused (X-SEC-1).
 */
const TEST_CARDS_THAT_PAY = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "6011981111111113",
  "3056930009020004",
  "36227206271667",
  "6555900000604105",
  "3566002020360505",
  "6200000000000005",
  "6200000000000047",
  "6205500000000000004",
  "4000008260000000",
  "4000058260000005",
  "5555558265554449",
]);

export const REAL_CARD_MESSAGE =
  "This is a test shop: no real card can be charged. Use card 4242 4242 4242 4242.";

export function isPublishedTestCard(digits: string): boolean {
  return TEST_CARDS_THAT_PAY.has(digits) || digits in DECLINED;
}

export type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; message: string; field: "cardNumber" | "expiryDate" | "cvv" };

const CVV_MESSAGE = "The security code (CVV) is the 3 digits on the back of your card.";

/**
 * Each filled-in card field whose form is wrong, all at once (issue 56, item 8): the number
 * (not a card number), the expiry (not MM/YY, or past) and the CVV (not 3 digits). Blank fields
 * are paymentFieldErrors' to name. A test card's decline is chargeTestCard's, once all is right.
 */
export function cardFieldErrors(input: {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  now: Date;
}): Partial<Record<"cardNumber" | "expiryDate" | "cvv", string>> {
  const errors: Partial<Record<"cardNumber" | "expiryDate" | "cvv", string>> = {};
  if (input.cardNumber.trim() && !passesLuhn(cardDigits(input.cardNumber))) {
    errors.cardNumber = "Your card number is not valid.";
  }
  const expiry = input.expiryDate.trim() ? expiryProblem(input.expiryDate, input.now) : null;
  if (expiry) errors.expiryDate = expiry;
  if (input.cvv.trim() && !/^\d{3}$/.test(input.cvv.trim())) errors.cvv = CVV_MESSAGE;
  return errors;
}

/** What the sandbox does with a card: like Stripe test mode, 4242 4242 4242 4242 pays. */
export function chargeTestCard(input: {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  now: Date;
}): CardOutcome {
  const digits = cardDigits(input.cardNumber);
  if (!passesLuhn(digits))
    return { ok: false, message: "Your card number is not valid.", field: "cardNumber" };
  const expiry = expiryProblem(input.expiryDate, input.now);
  if (expiry) return { ok: false, message: expiry, field: "expiryDate" };
  if (!/^\d{3}$/.test(input.cvv.trim())) {
    return { ok: false, message: CVV_MESSAGE, field: "cvv" };
  }
  if (!isPublishedTestCard(digits)) {
    return { ok: false, message: REAL_CARD_MESSAGE, field: "cardNumber" };
  }
  const declined = DECLINED[digits];
  if (declined) return { ok: false, message: declined, field: "cardNumber" };
  return { ok: true, brand: cardBrand(digits), last4: digits.slice(-4) };
}
