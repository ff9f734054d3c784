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
export function expiryProblem(input: string, now = new Date()): string | null {
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
};

export type CardOutcome =
  { ok: true; brand: string; last4: string } | { ok: false; message: string };

/** What the sandbox does with a card: like Stripe test mode, 4242 4242 4242 4242 pays. */
export function chargeTestCard(input: {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  now?: Date;
}): CardOutcome {
  const digits = cardDigits(input.cardNumber);
  if (!passesLuhn(digits)) return { ok: false, message: "Your card number is not valid." };
  const expiry = expiryProblem(input.expiryDate, input.now);
  if (expiry) return { ok: false, message: expiry };
  if (!/^\d{3}$/.test(input.cvv.trim())) {
    return {
      ok: false,
      message: "The security code (CVV) is the 3 digits on the back of your card.",
    };
  }
  const declined = DECLINED[digits];
  if (declined) return { ok: false, message: declined };
  return { ok: true, brand: cardBrand(digits), last4: digits.slice(-4) };
}
