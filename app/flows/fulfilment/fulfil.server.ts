import type { Env } from "~/shared/settings";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/orders/schema";
import { enqueueMail, type OutboxRow } from "~/mail/outbox.server";
import { reviewLinksFor } from "~/reviews/review-link.server";
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

const CONFIRMATION = "order-confirmation";

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
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const { changed, order } = await markOrderPaid(txDb, orderId, details);
    if (!changed || !order) return order;
    // The cart it was bought from is emptied when the payment is settled, in the same
    // transaction as the change to paid, so once only (a redelivered event finds it paid).
    await emptyCart(txDb, order.cartId ?? undefined);
    const lines = await linesOfOrder(txDb, order.id);
    if (order.customerEmail) {
      const reviewLinks = await reviewLinksFor(txDb, order, lines, settings);
      const { shopUrl } = receiptSettings(settings);
      const pictured = lines.map((line) => {
        const product = catalogue.all.get(line.productId);
        const picture = product && emailPictureOf(product, line.color, shopUrl);
        return picture ? { ...line, picture } : line;
      });
      await enqueueMail(
        txDb,
        {
          to: order.customerEmail,
          ...confirmationEmail(
            order,
            pictured,
            {
              ...receiptSettings(settings),
              // X-TRUE-2: the owner's seller, delivery and returns; their VAT number first.
              vatNumber: sellerVatNumber(catalogue.settings.settings, settings),
              shop: catalogue.settings.settings,
            },
            reviewLinks,
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

/** Outbox hook: the order records when its confirmation actually left (never before). */
export async function recordConfirmationSent(tx: Database, row: OutboxRow): Promise<void> {
  if (row.kind !== CONFIRMATION || !row.ref) return;
  await tx
    .update(orders)
    .set({ confirmationEmailSentAt: sql`now()` })
    .where(eq(orders.id, row.ref));
}
