import type { Env } from "~/shared/settings";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/orders/schema";
import { enqueueMail, type OutboxRow } from "~/mail/outbox.server";
import { reviewLinkSecret, reviewLinksFor } from "~/reviews/review-link.server";
import { emailPictureOf } from "~/catalogue/photos/gallery";
import { loadCatalogue } from "~/catalogue/store.server";
import { confirmationEmail } from "./confirmation-email";
import { paidOrderNotice } from "./owner-notice";
import { notifyOwner } from "~/mail/owner-notice.server";
import { receiptSettings, sellerVatNumber } from "~/orders/receipt.server";
import { emptyCart } from "~/cart/server-cart.server";
import { mailMembersPaid } from "~/teams/entries.server";
import {
  linesOfOrder,
  markOrderPaid,
  type Order,
  type PaymentDetails,
} from "~/orders/orders.server";

import {
  formatGiftCode,
  GIFT_CARD_DEFAULT_EXPIRY_MONTHS,
  isGiftCardLine,
  shopDay,
  startOfShopDay,
} from "~/shared/gift-cards";
import { issueGiftCardsOfOrder, recordGiftCardSent } from "~/giftcards/cards.server";
import { giftCardEmail, giftCardReceiptLines } from "~/giftcards/email";
import { formatPence } from "~/pricing/money";
import { escapeHtml } from "~/shared/escape";

const CONFIRMATION = "order-confirmation";
const GIFT_CARD = "gift-card";

/**
 * Fulfils a payment: marks the order paid (once) and, in the same transaction, writes its
 * confirmation e-mail and the shop's own notice (X-DAY-5) to the outbox, whichever path gets
 * here first: the payment page, a webhook, or verify-order (X-CHK-2, X-SCALE-4). Only the caller that changed the order writes
 * the e-mail, and its dedupe key makes a second one impossible.
 */
export async function fulfilPaidOrder(
  db: Database,
  orderId: string,
  details: PaymentDetails,
  settings: Env,
  now: Date,
): Promise<Order | undefined> {
  // Each line's picture (X-PHOTO-3), from this process's copy of the catalogue.
  const catalogue = await loadCatalogue(db, now.getTime());
  // The review links' key, before the transaction: this process keeps it once read, so a payment
  // does not ask for it inside the order's lock (issue 51).
  const reviewSecret = await reviewLinkSecret(db, settings);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const { changed, order } = await markOrderPaid(txDb, orderId, details);
    if (!changed || !order) return order;
    // The cart it was bought from is emptied when the payment is settled, in the same
    // transaction as the change to paid, so once only (a redelivered event finds it paid).
    await emptyCart(txDb, order.cartId ?? undefined);
    const lines = await linesOfOrder(txDb, order.id);
    // X-GIFT-2: the cards bought on it get their codes now; each recipient's e-mail waits in the
    // outbox for its send date (its dedupe key: once, through any restart). The code is in that
    // message only, and struck from the stored copy once it is sent.
    const today = shopDay(now);
    // Only an order with gift card lines has cards to issue (issue 51: a query less for others).
    const issued = !lines.some(isGiftCardLine)
      ? []
      : await issueGiftCardsOfOrder(txDb, order, {
          today,
          expiryMonths:
            catalogue.settings.settings.giftCards?.expiryMonths ?? GIFT_CARD_DEFAULT_EXPIRY_MONTHS,
          now,
        });
    for (const { card, code } of issued) {
      if (!card.recipientEmail) continue;
      const mail = giftCardEmail({
        code,
        amountPence: card.initialPence,
        recipientName: card.recipientName,
        message: card.message,
        expiresOn: card.expiresOn!,
        shopName: catalogue.settings.settings.seller.name,
        shopUrl: receiptSettings(settings).shopUrl,
      });
      await enqueueMail(
        txDb,
        { to: card.recipientEmail, ...mail },
        {
          dedupeKey: `${GIFT_CARD}:${card.id}`,
          kind: GIFT_CARD,
          ref: card.id,
          oneTimeLinks: [formatGiftCode(code)],
          ...(card.sendOn && card.sendOn > today ? { notBefore: startOfShopDay(card.sendOn) } : {}),
        },
      );
    }
    if (order.customerEmail) {
      const reviewLinks = reviewLinksFor(reviewSecret, order, lines, settings);
      const { shopUrl } = receiptSettings(settings);
      const pictured = lines.map((line) => {
        const product = catalogue.all.get(line.productId);
        const picture = product && emailPictureOf(product, line.color, shopUrl);
        return picture ? { ...line, picture } : line;
      });
      const receipt = confirmationEmail(
        order,
        pictured,
        {
          ...receiptSettings(settings),
          // X-TRUE-2: the owner's seller, delivery and returns; their VAT number first.
          vatNumber: sellerVatNumber(catalogue.settings.settings, settings),
          shop: catalogue.settings.settings,
        },
        reviewLinks,
      );
      await enqueueMail(
        txDb,
        {
          to: order.customerEmail,
          ...withGiftCards(
            receipt,
            issued.map(({ card }) => card),
            order.giftCardPence,
          ),
        },
        { dedupeKey: `${CONFIRMATION}:${order.id}`, kind: CONFIRMATION, ref: order.id },
      );
    }
    // X-TEAM-7: the organiser paid for the team's entries: each member hears of it, once. Only
    // an order with team lines can pay for entries (issue 51: one query less for every other).
    if (lines.some((line) => line.teamSlug)) await mailMembersPaid(txDb, order.id);
    // The shop hears of it in the same transaction (X-DAY-5), once, like the customer.
    await notifyOwner(
      txDb,
      settings,
      catalogue.settings.settings.seller,
      `order-paid:${order.id}`,
      paidOrderNotice(order, lines, receiptSettings(settings).shopUrl),
      order.id,
    );
    return order;
  });
}

/**
 * X-GIFT-2, X-GIFT-7: the receipt lists each card bought (masked) and when it is sent, what gift
 * cards paid, and that gift cards carry no VAT when sold.
 */
function withGiftCards<M extends { text: string; html?: string }>(
  receipt: M,
  cards: Parameters<typeof giftCardReceiptLines>[0],
  giftCardPence: number,
): M {
  const lines = [
    ...giftCardReceiptLines(cards),
    ...(giftCardPence > 0
      ? [
          `Paid by gift card: ${formatPence(giftCardPence)}. VAT is charged on what they bought, at its rate.`,
        ]
      : []),
  ];
  if (lines.length === 0) return receipt;
  return {
    ...receipt,
    text: `${receipt.text}\n\n${lines.join("\n")}`,
    ...(receipt.html
      ? {
          html: receipt.html.replace(
            /<\/body>|$/,
            (end) => `<p>${lines.map(escapeHtml).join("<br>")}</p>${end}`,
          ),
        }
      : {}),
  };
}

/** Outbox hook: the order records when its confirmation actually left (never before); a gift
 *  card, when its e-mail did (X-GIFT-2). */
export async function recordConfirmationSent(tx: Database, row: OutboxRow): Promise<void> {
  if (row.kind === GIFT_CARD && row.ref) return recordGiftCardSent(tx, row.ref);
  if (row.kind !== CONFIRMATION || !row.ref) return;
  await tx
    .update(orders)
    .set({ confirmationEmailSentAt: sql`now()` })
    .where(eq(orders.id, row.ref));
}
