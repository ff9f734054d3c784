import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { flaggedPayments, orderEvents, orderLines, orderRefunds, orders } from "~/orders/schema";
import { legacyStatus } from "~/orders/status";
import { lineInWords } from "~/orders/line-description";
import { type Payments, stripeOf } from "~/payments/provider.server";
import { type RefundAnswer, refundStripePayment, stripeRefundNow } from "~/payments/stripe.server";
import { notifyCustomer } from "~/orders/notify.server";
import { recordAudit } from "~/security/audit.server";
import { countRefund } from "~/metrics/metrics.server";
import { giftCardTenderOf } from "~/giftcards/cards.server";
import type { VatBand } from "~/pricing/vat";

export type Refund = typeof orderRefunds.$inferSelect;

/** The payment a refund gives back: the order's own, or a flagged one (issue 27). */
async function paymentOf(db: Database, refund: Refund): Promise<string | null> {
  if (refund.flaggedPaymentId) {
    const [flagged] = await db
      .select({ reference: flaggedPayments.paymentReference })
      .from(flaggedPayments)
      .where(eq(flaggedPayments.id, refund.flaggedPaymentId));
    return flagged?.reference ?? null;
  }
  const [order] = await db
    .select({ reference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  return order?.reference ?? null;
}

/**
 * Asks the refund's provider about it (issue 27). The first ask and every retry send the same
 * idempotency key (the refund's id), so however often this runs the provider refunds once; a
 * refund the provider already knows (it answered "pending") is looked up instead. An unclear
 * answer (timeout, dropped connection, 5xx) is thrown.
 */
export async function askProvider(
  db: Database,
  refund: Refund,
  payments: Payments,
): Promise<RefundAnswer> {
  if (refund.provider === "gift_card") {
    // X-GIFT-5: given back to the cards in the transaction that recorded it; nothing to ask.
    return { state: "succeeded", reference: `gift_card_${refund.id.replaceAll("-", "")}` };
  }
  if (refund.provider === "sandbox") {
    // The sandbox is its own provider: the refund is made when it is asked, once per refund.
    return { state: "succeeded", reference: `sandbox_re_${refund.id.replaceAll("-", "")}` };
  }
  if (refund.providerReference)
    return stripeRefundNow(stripeOf(payments), refund.providerReference);
  const payment = await paymentOf(db, refund);
  if (!payment) return { state: "refused", reason: "There is no Stripe payment to refund." };
  return refundStripePayment(stripeOf(payments), payment, refund.amountPence, refund.id);
}

export type Settled =
  | { state: "succeeded" | "failed"; refund: Refund; now: boolean }
  | { state: "pending"; refund: Refund };

/**
 * Records a provider's answer about a pending refund, exactly once whoever brings it (the owner's
 * request, the retry job on any process, or Stripe's webhook): the row moves from pending in one
 * conditional update, and only the one that moved it writes the history and e-mails the customer.
 * A refusal hands the reserved amount back to the order.
 */
export async function settleRefund(
  db: Database,
  refundId: string,
  answer: RefundAnswer,
): Promise<Settled | undefined> {
  if (answer.state === "pending") {
    const [refund] = await db
      .update(orderRefunds)
      .set({
        providerReference: answer.reference,
        lastError: `The provider says the refund is ${answer.providerStatus.replaceAll("_", " ")}.`,
      })
      .where(sql`${orderRefunds.id} = ${refundId} AND ${orderRefunds.status} = 'pending'`)
      .returning();
    return refund ? { state: "pending", refund } : current(db, refundId);
  }
  const settled = await db.transaction(async (tx): Promise<Settled | undefined> => {
    const succeeded = answer.state === "succeeded";
    const [refund] = await tx
      .update(orderRefunds)
      .set({
        status: succeeded ? "succeeded" : "failed",
        providerReference: answer.reference ?? sql`${orderRefunds.providerReference}`,
        failureReason: succeeded ? null : answer.reason,
        settledAt: sql`now()`,
      })
      .where(sql`${orderRefunds.id} = ${refundId} AND ${orderRefunds.status} = 'pending'`)
      .returning();
    if (!refund) return current(tx, refundId);
    const amount = refund.amountPence;
    const [before] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, refund.orderId))
      .for("update");
    if (!before) return { state: refund.status as "succeeded" | "failed", refund, now: true };
    let after = before;
    if (!refund.flaggedPaymentId) {
      // The amount was taken off what is left when the refund was asked for; the order's
      // status follows what has been refunded so far, whichever refund finishes last.
      const [updated] = succeeded
        ? await tx
            .update(orders)
            .set({
              // Only the payment moves (X-ORD-1): where the order is in its making stays as it was.
              paymentStatus: sql`CASE WHEN ${orders.refundedPence} >= ${orders.totalPence} THEN 'refunded' ELSE 'partly_refunded' END`,
              updatedAt: sql`now()`,
            })
            .where(eq(orders.id, before.id))
            .returning()
        : await tx
            .update(orders)
            .set({
              refundedPence: sql`${orders.refundedPence} - ${amount}`,
              updatedAt: sql`now()`,
            })
            .where(eq(orders.id, before.id))
            .returning();
      after = updated ?? before;
    }
    const beforeState = {
      status: legacyStatus(before),
      refundedPence:
        succeeded && !refund.flaggedPaymentId
          ? before.refundedPence - amount
          : before.refundedPence,
    };
    const afterState = {
      status: legacyStatus(after),
      refundedPence: after.refundedPence,
      amountPence: amount,
      ...(refund.providerReference ? { reference: refund.providerReference } : {}),
      ...(refund.flaggedPaymentId ? { flaggedPayment: true } : {}),
      ...(succeeded ? {} : { failed: true, reason: refund.failureReason }),
    };
    await tx.insert(orderEvents).values({
      orderId: before.id,
      kind: succeeded ? "refund" : "refund_failed",
      actor: refund.createdBy,
      before: beforeState,
      after: afterState,
      note: refund.reason,
    });
    await recordAudit(tx, {
      actor: refund.createdBy,
      action: succeeded ? "order.refund" : "order.refund_failed",
      subject: `order:${before.orderNumber}`,
      before: beforeState,
      after: afterState,
    });
    // X-GIFT-5: a refund split per tender (the gift cards' part and the card payment's) is one
    // refund to the customer: one e-mail, sent by whichever of its two rows settles last (the
    // order's row lock above makes the other's state final), for the parts that went through.
    const partner = refund.flaggedPaymentId ? undefined : await partnerOf(tx, refund);
    const parts = partner
      ? partner.status === "pending"
        ? []
        : [refund, partner].filter((row) => row.status === "succeeded")
      : succeeded
        ? [refund]
        : [];
    if (parts.length > 0) {
      const partIds = parts.map((row) => row.id);
      const giftCardPence = parts
        .filter((row) => row.provider === "gift_card")
        .reduce((sum, row) => sum + row.amountPence, 0);
      const emailedPence = parts.reduce((sum, row) => sum + row.amountPence, 0);
      const giftCards =
        giftCardPence > 0
          ? (await giftCardTenderOf(tx, before.id)).cards.map((c) => c.lastFour)
          : [];
      // A flagged payment's payer is who the provider collected, whatever the order holds.
      const payer = refund.flaggedPaymentId
        ? await tx
            .select({ email: flaggedPayments.customerEmail })
            .from(flaggedPayments)
            .where(eq(flaggedPayments.id, refund.flaggedPaymentId))
            .then((rows) => rows[0]?.email)
        : undefined;
      // A refund of lines cancelled with their team names them and the lines still to come (issue 41).
      const lines = refund.flaggedPaymentId
        ? []
        : await tx
            .select()
            .from(orderLines)
            .where(eq(orderLines.orderId, before.id))
            .orderBy(asc(orderLines.position));
      const linesCancelled = lines.filter(
        (line) => line.cancelRefundId !== null && partIds.includes(line.cancelRefundId),
      );
      await notifyCustomer(
        tx,
        { ...after, customerEmail: payer ?? after.customerEmail },
        {
          kind: "refunded",
          amountPence: emailedPence,
          fully: !refund.flaggedPaymentId && after.refundedPence >= after.totalPence,
          reason: refund.reason,
          cancelled: before.fulfilmentStatus === "cancelled",
          vat: mergeBands(parts.flatMap((row) => row.vatBreakdown)),
          ...(giftCardPence > 0
            ? { tenders: { giftCardPence, cardPence: emailedPence - giftCardPence, giftCards } }
            : {}),
          ...(linesCancelled.length > 0
            ? {
                linesCancelled: linesCancelled.map(lineInWords),
                linesKept: lines.filter((line) => line.cancelledAt === null).map(lineInWords),
              }
            : {}),
        },
      );
    }
    return { state: succeeded ? "succeeded" : "failed", refund, now: true };
  });
  // Counted once, by whoever moved it from pending (issue 35).
  if (settled && settled.state !== "pending" && settled.now) countRefund(settled.state);
  return settled;
}

/** X-GIFT-5: the other row of a refund split per tender (the gift cards' and the card payment's). */
async function partnerOf(tx: Database, refund: Refund): Promise<Refund | undefined> {
  const [row] = refund.giftCardRefundId
    ? await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.giftCardRefundId))
    : refund.provider === "gift_card"
      ? await tx.select().from(orderRefunds).where(eq(orderRefunds.giftCardRefundId, refund.id))
      : [];
  return row;
}

/** Bands of several refund rows as one, by rate (highest first). */
function mergeBands(bands: readonly VatBand[]): VatBand[] {
  const byRate = new Map<number, VatBand>();
  for (const band of bands) {
    const sum = byRate.get(band.rate_percent);
    byRate.set(
      band.rate_percent,
      sum
        ? {
            rate_percent: band.rate_percent,
            net_pence: sum.net_pence + band.net_pence,
            vat_pence: sum.vat_pence + band.vat_pence,
            gross_pence: sum.gross_pence + band.gross_pence,
          }
        : { ...band },
    );
  }
  return [...byRate.values()].sort((a, b) => b.rate_percent - a.rate_percent);
}

async function current(db: Database, refundId: string): Promise<Settled | undefined> {
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) return undefined;
  if (refund.status === "pending") return { state: "pending", refund };
  return { state: refund.status, refund, now: false };
}

/** An unclear answer: kept for the owner; the refund stays pending, to be asked again. */
export async function recordUnclearAnswer(db: Database, refundId: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(orderRefunds)
    .set({ lastError: `No clear answer from the provider: ${message}`.slice(0, 500) })
    .where(sql`${orderRefunds.id} = ${refundId} AND ${orderRefunds.status} = 'pending'`);
}
