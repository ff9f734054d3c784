import type { OutgoingMail } from "~/mail/mailer.server";
import { formatPence } from "~/pricing/money";
import { formatGiftCode, maskedGiftCode } from "~/shared/gift-cards";
import { escapeHtml } from "~/shared/escape";
import { MONTHS } from "~/shared/london-time";

/** A YYYY-MM-DD day as people read it: 25 December 2026. */
export function dayInWords(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * The recipient's e-mail (X-GIFT-2): the code, the amount, the buyer's message and the expiry
 * (the last day, plainly: the CMA's guidance on clear expiry, docs/giftcards.md).
 */
export function giftCardEmail(input: {
  code: string;
  amountPence: number;
  recipientName: string;
  message: string | null;
  expiresOn: string;
  shopName: string;
  shopUrl: string;
}): Omit<OutgoingMail, "to"> {
  const code = formatGiftCode(input.code);
  const lines = [
    `Hello ${input.recipientName},`,
    "",
    `You have been sent a ${formatPence(input.amountPence)} gift card for ${input.shopName}.`,
    ...(input.message ? ["", "Their message:", input.message] : []),
    "",
    `Your gift card code: ${code}`,
    `Amount: ${formatPence(input.amountPence)}`,
    `Use it by: ${dayInWords(input.expiresOn)} (it cannot be used after that day)`,
    "",
    `Type the code in the "Gift card" field at checkout: ${input.shopUrl}/cart`,
    `Check what is left on it: ${input.shopUrl}/gift-cards/balance`,
    "",
    "Keep this code safe: anyone who has it can spend the card.",
  ];
  const html = `<p>Hello ${escapeHtml(input.recipientName)},</p>
<p>You have been sent a <strong>${formatPence(input.amountPence)}</strong> gift card for ${escapeHtml(input.shopName)}.</p>
${input.message ? `<p>Their message:</p><blockquote>${escapeHtml(input.message).replace(/\n/g, "<br>")}</blockquote>` : ""}
<p>Your gift card code: <strong style="font-family:monospace;font-size:1.25em">${code}</strong><br>
Amount: ${formatPence(input.amountPence)}<br>
Use it by: <strong>${dayInWords(input.expiresOn)}</strong> (it cannot be used after that day)</p>
<p>Type the code in the "Gift card" field at checkout: <a href="${input.shopUrl}/cart">${input.shopUrl}/cart</a><br>
Check what is left on it: <a href="${input.shopUrl}/gift-cards/balance">${input.shopUrl}/gift-cards/balance</a></p>
<p>Keep this code safe: anyone who has it can spend the card.</p>`;
  return {
    subject: `${input.recipientName}, you have a ${formatPence(input.amountPence)} gift card`,
    text: lines.join("\n"),
    html,
  };
}

/** The buyer's receipt lines for the cards bought (X-GIFT-2): masked, with when each is sent. */
export function giftCardReceiptLines(
  cards: readonly {
    lastFour: string | null;
    initialPence: number;
    recipientName: string;
    sendOn: string | null;
    expiresOn: string | null;
  }[],
): string[] {
  if (cards.length === 0) return [];
  return [
    "Gift cards",
    ...cards.map(
      (card) =>
        `${formatPence(card.initialPence)} gift card ${maskedGiftCode(card.lastFour ?? "????")} for ${card.recipientName}: e-mailed to them on ${card.sendOn ? dayInWords(card.sendOn) : "the day of payment"}, usable until ${card.expiresOn ? dayInWords(card.expiresOn) : "24 months after"}.`,
    ),
    "Gift cards are multi-purpose vouchers: no VAT is charged when they are bought; VAT is charged at the rate of what they are spent on.",
  ];
}
