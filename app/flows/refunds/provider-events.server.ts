import type { Payments } from "~/payments/provider.server";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { flaggedPayments, orderRefunds, orders } from "~/orders/schema";
import { answerOfStripeRefund } from "~/payments/stripe.server";
import { logError } from "~/security/log.server";
import { askProvider, recordUnclearAnswer, type Refund, settleRefund } from "./settle.server";

/** The parts of Stripe's refund object a webhook brings. */
export interface StripeRefundEvent {
  id: string;
  status: string | null;
  failure_reason?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
}

/**
 * Stripe's `refund.updated` (issue 27): the refund it names (by the shop's id in its metadata, or
 * by Stripe's id) is settled as Stripe now says, exactly as the retry job or the owner's request
 * would; whichever arrives first records it, the others find it done.
 */
export async function settleFromStripeRefund(db: Database, event: StripeRefundEvent) {
  const ours = event.metadata?.refund_id;
  const [refund] = await db
    .select()
    .from(orderRefunds)
    .where(
      ours && /^[0-9a-f-]{36}$/.test(ours)
        ? eq(orderRefunds.id, ours)
        : eq(orderRefunds.providerReference, event.id),
    );
  if (!refund || refund.provider !== "stripe") return;
  await settleRefund(db, refund.id, answerOfStripeRefund(event));
}

/**
 * Stripe's `charge.refunded` (issue 27): every refund still pending on that payment is asked
 * about now (with its own idempotency key, so nothing is refunded twice) and settled.
 */
export async function settleRefundsOfPayment(
  db: Database,
  paymentIntent: string,
  payments: Payments,
) {
  const pending: Refund[] = await db
    .select({ refund: orderRefunds })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .leftJoin(flaggedPayments, eq(flaggedPayments.id, orderRefunds.flaggedPaymentId))
    .where(
      and(
        eq(orderRefunds.status, "pending"),
        eq(orderRefunds.provider, "stripe"),
        or(
          and(isNull(orderRefunds.flaggedPaymentId), eq(orders.paymentReference, paymentIntent)),
          eq(flaggedPayments.paymentReference, paymentIntent),
        ),
      ),
    )
    .orderBy(sql`${orderRefunds.createdAt}`)
    .then((rows) => rows.map((row) => row.refund));
  for (const refund of pending) {
    try {
      await settleRefund(db, refund.id, await askProvider(db, refund, payments));
    } catch (error) {
      logError(`Refund ${refund.id} had no clear answer after Stripe's charge.refunded`, error);
      await recordUnclearAnswer(db, refund.id, error);
    }
  }
}
