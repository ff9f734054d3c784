import { and, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { flaggedPayments, orderRefunds, orders } from "~/orders/schema";
import { formatPence } from "~/pricing/money";
import {
  FAILED_SHOWN_DAYS,
  REFUND_ATTENTION_MINUTES,
  REFUND_RETRY_FOR_HOURS,
} from "~/shared/limits";
import { formatLondonDayTime } from "~/shared/london-time";

export interface AttentionItem {
  kind: "refund-pending" | "refund-failed" | "payment-flagged";
  orderNumber: string;
  at: string;
  /** What happened and what to do, in a sentence or two. */
  sentence: string;
  /** For a flagged payment: the one action, "Refund this payment". */
  flaggedPaymentId?: string;
  amountPence: number;
}

/** A provider's reason as the end of a sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function providerName(provider: string) {
  return provider === "stripe" ? "Stripe" : "the sandbox";
}

// The shop's clock decides what needs attention, not the database's now(): `now` goes into the
// SQL as a parameter, so the list, the order list's filter and the sentences agree.

/** Refunds pending for ten minutes or more. */
const pendingTooLong = (now: Date) =>
  and(
    eq(orderRefunds.status, "pending"),
    lt(orderRefunds.createdAt, new Date(now.getTime() - REFUND_ATTENTION_MINUTES * 60_000)),
  );
/** Failed refunds of the last 30 days with no later refund on the same order that went through. */
const failedUnresolved = (now: Date) =>
  and(
    eq(orderRefunds.status, "failed"),
    gt(orderRefunds.createdAt, new Date(now.getTime() - FAILED_SHOWN_DAYS * 86_400_000)),
    sql`NOT EXISTS (SELECT 1 FROM order_refunds later WHERE later.order_id = ${orderRefunds.orderId}
        AND later.status = 'succeeded' AND later.created_at > ${orderRefunds.createdAt})`,
  );
/** Flagged payments not given back (no refund of them pending or done). */
const flaggedOpen = sql`NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.flagged_payment_id = ${flaggedPayments.id}
        AND r.status <> 'failed')`;

/**
 * "Needs attention" (issue 27): refunds pending for more than ten minutes or failed, and payments
 * the shop would not apply to their order, newest first, each with a sentence for the owner.
 */
export async function needsAttention(
  db: Database,
  now: Date,
  { orderId }: { orderId?: string } = {},
): Promise<AttentionItem[]> {
  const ofOrder = (column: typeof orders.id) => (orderId ? eq(column, orderId) : undefined);
  const [refunds, flagged] = await Promise.all([
    db
      .select({ refund: orderRefunds, orderNumber: orders.orderNumber })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(and(sql`((${pendingTooLong(now)}) OR (${failedUnresolved(now)}))`, ofOrder(orders.id)))
      .orderBy(desc(orderRefunds.createdAt))
      .limit(100),
    db
      .select({ payment: flaggedPayments, orderNumber: orders.orderNumber })
      .from(flaggedPayments)
      .innerJoin(orders, eq(orders.id, flaggedPayments.orderId))
      .where(and(flaggedOpen, ofOrder(orders.id)))
      .orderBy(desc(flaggedPayments.createdAt))
      .limit(100),
  ]);
  const items: AttentionItem[] = [];
  for (const { refund, orderNumber } of refunds) {
    const amount = formatPence(refund.amountPence);
    const provider = providerName(refund.provider);
    const since = formatLondonDayTime(refund.createdAt);
    const of = refund.flaggedPaymentId ? "a payment that did not belong to" : "";
    if (refund.status === "failed") {
      items.push({
        kind: "refund-failed",
        orderNumber,
        at: refund.createdAt.toISOString(),
        amountPence: refund.amountPence,
        sentence: `${provider} refused a refund of ${amount} on ${of ? `${of} ` : ""}${orderNumber} (${since}): ${asSentence(
          refund.failureReason ?? "no reason given",
        )} Nothing was refunded. If the customer is still owed it, refund again from the order page.`,
      });
      continue;
    }
    const stoppedAsking =
      refund.createdAt.getTime() < now.getTime() - REFUND_RETRY_FOR_HOURS * 3600_000;
    const withProvider = refund.providerReference
      ? `${provider} has the refund of ${amount} on ${orderNumber} (asked ${since}) but has not finished it: ${asSentence(
          refund.lastError ?? "it is pending",
        )} The customer is e-mailed when it succeeds; if it needs action, open refund ${refund.providerReference} in ${provider}'s dashboard.`
      : `A refund of ${amount} on ${orderNumber} has waited for ${provider}'s answer since ${since}. ${
          stoppedAsking
            ? `The shop stopped asking after ${REFUND_RETRY_FOR_HOURS} hours: look the payment up in ${provider}'s dashboard before refunding again.`
            : "The shop keeps asking with the same request, so it cannot be refunded twice; do not refund again."
        }`;
    items.push({
      kind: "refund-pending",
      orderNumber,
      at: refund.createdAt.toISOString(),
      amountPence: refund.amountPence,
      sentence: withProvider,
    });
  }
  for (const { payment, orderNumber } of flagged) {
    items.push({
      kind: "payment-flagged",
      orderNumber,
      at: payment.createdAt.toISOString(),
      amountPence: payment.amountPence,
      flaggedPaymentId: payment.id,
      sentence: `${formatPence(payment.amountPence)} was paid through ${providerName(payment.provider)} on ${formatLondonDayTime(
        payment.createdAt,
      )} for ${orderNumber}, but the shop did not apply it: ${payment.reason.replace(
        /:? ?refund the payment\.?$/i,
        ".",
      )} Give it back with "Refund this payment".`,
    });
  }
  return items.sort((a, b) => b.at.localeCompare(a.at));
}

/** The order list's "Needs attention" filter: orders with any item above, at `now`. */
export function needingAttention(now: Date): SQL {
  return sql`(${orders.id} IN (SELECT ${orderRefunds.orderId} FROM ${orderRefunds} WHERE (${pendingTooLong(now)}) OR (${failedUnresolved(now)}))
    OR ${orders.id} IN (SELECT ${flaggedPayments.orderId} FROM ${flaggedPayments} WHERE ${flaggedOpen}))`;
}
