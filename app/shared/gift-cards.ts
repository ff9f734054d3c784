import { hasControlCharacters } from "./control-characters";
import { fromLondonLocal, londonIsoDate } from "./london-time";

/**
 * Gift cards' pure rules (issue 54, X-GIFT-1, X-GIFT-2), safe in the browser: the product line a
 * gift card is bought as, its amounts and message, and the code's alphabet and display. The cart,
 * the checkout and app/giftcards/ read them from here, so there is one place for each.
 */

// The product id and the line test are in their own small module: the cart on every page reads
// them, and the rest of these rules load only with the cart's pricing (issue 51 item 5).
export { GIFT_CARD_PRODUCT_ID, isGiftCardLine } from "./gift-card-line";
export const GIFT_CARD_NAME = "Gift card";

/** The amounts offered as buttons, in pence; any whole pound from the least to the most. */
export const GIFT_CARD_AMOUNTS_PENCE = [1000, 2500, 5000, 7500, 10000] as const;
export const GIFT_CARD_MIN_PENCE = 500;
export const GIFT_CARD_MAX_PENCE = 25000;
export const GIFT_CARD_MESSAGE_MAX = 300;
export const GIFT_CARD_NAME_MAX = 80;
export const GIFT_CARD_EMAIL_MAX = 254;
/** A card may be sent up to this many days ahead. */
export const GIFT_CARD_SEND_AHEAD_DAYS = 365;
/** Months a card lasts when the owner has set nothing else. */
export const GIFT_CARD_DEFAULT_EXPIRY_MONTHS = 24;
/** The fewest and most months the owner may set a card to last (`/admin/settings`). */
export const GIFT_CARD_EXPIRY_MONTHS_MIN = 12;
export const GIFT_CARD_EXPIRY_MONTHS_MAX = 120;

/** A gift card line as the cart holds it and the checkout request sends it. */
export interface GiftCardChoice {
  amountPence: number;
  recipientName: string;
  recipientEmail: string;
  message?: string;
  /** YYYY-MM-DD, the shop's day the recipient is e-mailed; absent: the day it is paid. */
  sendOn?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEB_ADDRESS = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|co|uk|net|org|io|info|biz|xyz|ly)\b)/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a gift card choice cannot be bought, in a sentence, with the field it is about. */
export function giftCardProblem(
  choice: Partial<Record<keyof GiftCardChoice, unknown>>,
): { field: keyof GiftCardChoice; message: string } | undefined {
  const amount = choice.amountPence;
  if (
    typeof amount !== "number" ||
    !Number.isSafeInteger(amount) ||
    amount % 100 !== 0 ||
    amount < GIFT_CARD_MIN_PENCE ||
    amount > GIFT_CARD_MAX_PENCE
  ) {
    return {
      field: "amountPence",
      message: "Choose an amount in whole pounds from £5 to £250.",
    };
  }
  const name = typeof choice.recipientName === "string" ? choice.recipientName.trim() : "";
  if (!name || name.length > GIFT_CARD_NAME_MAX) {
    return {
      field: "recipientName",
      message: `Enter the recipient's name (up to ${GIFT_CARD_NAME_MAX} characters).`,
    };
  }
  const email = typeof choice.recipientEmail === "string" ? choice.recipientEmail.trim() : "";
  if (!EMAIL.test(email) || email.length > GIFT_CARD_EMAIL_MAX) {
    return {
      field: "recipientEmail",
      message: "Enter the recipient's e-mail address, like name@example.com.",
    };
  }
  const message = choice.message;
  if (message != null && typeof message !== "string") {
    return { field: "message", message: "The message must be text." };
  }
  if (typeof message === "string") {
    if (Array.from(message.trim()).length > GIFT_CARD_MESSAGE_MAX) {
      return {
        field: "message",
        message: `The message can be at most ${GIFT_CARD_MESSAGE_MAX} characters.`,
      };
    }
    // Control characters other than line breaks, and web addresses, are refused.
    if (hasControlCharacters(message, true)) {
      return { field: "message", message: "The message has a character we cannot send." };
    }
    if (WEB_ADDRESS.test(message)) {
      return { field: "message", message: "The message cannot contain a web address." };
    }
  }
  const sendOn = choice.sendOn;
  if (sendOn != null && sendOn !== "" && (typeof sendOn !== "string" || !DAY.test(sendOn))) {
    return { field: "sendOn", message: "Enter the send date as a date, like 2026-12-25." };
  }
  return undefined;
}

/** Whether a send date is from today to a year ahead (both YYYY-MM-DD, the shop's days). */
export function sendOnProblem(sendOn: string | undefined, today: string): string | undefined {
  if (!sendOn) return undefined;
  const last = addDays(today, GIFT_CARD_SEND_AHEAD_DAYS);
  if (sendOn < today) return "The send date cannot be in the past.";
  if (sendOn > last) return "The send date can be at most a year ahead.";
  return undefined;
}

/** A YYYY-MM-DD day plus some days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day plus some months (the last day of a shorter month if it has no such day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1, 12));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12));
  first.setUTCDate(Math.min(d, last.getUTCDate()));
  return first.toISOString().slice(0, 10);
}

/** The shop's day (Europe/London) of an instant, YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return londonIsoDate(at);
}

/** The instant a shop's day (Europe/London) starts: when a card's e-mail is due. */
export function startOfShopDay(day: string): Date {
  return fromLondonLocal(`${day}T00:00`) ?? new Date(`${day}T00:00:00Z`);
}

// ── Codes (X-GIFT-2) ──

/** 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G). */
export const GIFT_CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY34679";
export const GIFT_CODE_LENGTH = 16;

/** A code as a person may type it (any case, spaces or dashes) in its 16 characters, or undefined. */
export function normaliseGiftCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== GIFT_CODE_LENGTH) return undefined;
  for (const character of code) if (!GIFT_CODE_ALPHABET.includes(character)) return undefined;
  return code;
}

/** XXXX-XXXX-XXXX-XXXX. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

/** What is shown of a card once issued: its last four characters only. */
export function maskedGiftCode(lastFour: string): string {
  return `••••-••••-••••-${lastFour}`;
}

/** The one sentence for a code that cannot pay, whether it exists or not (X-GIFT-3). */
export const GIFT_CODE_REFUSED =
  "That gift card code cannot be used: check the code, or it may be used up, expired or cancelled.";
