import type { Payments } from "~/payments/provider.server";
import type { ShopParts } from "~/flows/parts.server";
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { flaggedPayments, orderLines, orderRefunds, orders } from "~/orders/schema";
import { exchangeFulfilments } from "~/returns/schema";
import { orderVatBands, refundVat, totalVatPence } from "~/pricing/vat";
import { formatPence } from "~/pricing/money";
import { normaliseOrderNumber } from "~/orders/order-number";
import type { Order } from "~/orders/orders.server";
import { MONEY_HELD, refundableFrom } from "~/orders/status";
import { logError } from "~/security/log.server";
import { askProvider, recordUnclearAnswer, type Refund, settleRefund } from "./settle.server";
import { refundReason } from "./refund-reason";
import type { Problem } from "~/shared/problems";
import { isGiftCardLine } from "~/shared/gift-cards";
import {
  cardsBoughtOnOrder,
  giftCardTenderOf,
  refundToGiftCards,
  voidGiftCardsOfOrder,
} from "~/giftcards/cards.server";

export type { Refund } from "./settle.server";

const refundInput = z.object({
  amountPence: z
    .number({ error: "The amount must be a whole number of pence." })
    .int("The amount must be a whole number of pence.")
    .positive("The refund must be more than £0.00.")
    .max(100_000_000, "That amount is too large.")
    .optional(),
  reason: refundReason,
  /** X-VAT-4: the lines the refund is for, when it is for some (their VAT rates decide its VAT). */
  lineIds: z
    .array(z.uuid("Each line id must be a line of the order."), {
      error: "lineIds must be a list of the order's line ids.",
    })
    .max(200, "At most 200 lines.")
    .optional(),
  /** X-GIFT-5: the owner's choice to give back to the card payment first, the gift cards after. */
  cardFirst: z.boolean({ error: "cardFirst must be true or false." }).optional(),
});

/** What a refund is for, by rate: the value of the refunded lines at each rate (X-VAT-4). */
export type RefundAgainst = readonly { ratePercent: number; grossPence: number }[];

export type RefundOutcome =
  { ok: true; refund: Refund; refunds?: Refund[]; order: Order } | Problem;

/** The owner's answer when the provider gave none: the refund is pending, not refused. */
export const REFUND_UNANSWERED =
  "The payment provider did not answer, so the refund is pending: it may have been made. Do not refund again: the shop asks the provider again by itself, with the same request, so it cannot be paid twice. It shows under Needs attention if it is not settled within ten minutes.";

/**
 * Asks the provider about a refund just reserved and records the answer (issue 27). Any outcome
 * but a clear refusal leaves the refund recorded: pending (asked again later) or done.
 */
export async function askAndSettle(
  db: Database,
  refund: Refund,
  payments: Payments,
): Promise<{ ok: true; refund: Refund } | Problem> {
  let answer;
  try {
    answer = await askProvider(db, refund, payments);
  } catch (error) {
    logError(`Refund ${refund.id} had no clear answer from the provider`, error);
    await recordUnclearAnswer(db, refund.id, error);
    return { ok: false, kind: "provider_failed", message: REFUND_UNANSWERED };
  }
  const settled = await settleRefund(db, refund.id, answer);
  if (!settled) return { ok: false, kind: "provider_failed", message: REFUND_UNANSWERED };
  if (settled.state === "failed") {
    return {
      ok: false,
      kind: "provider_failed",
      message: `The payment provider did not accept the refund${
        settled.refund.failureReason ? ` (${settled.refund.failureReason.replace(/\.$/, "")})` : ""
      }. Nothing was refunded; try again.`,
    };
  }
  return { ok: true, refund: settled.refund };
}

/** The statuses of an exchange whose replacement is (or will be) sent: its line keeps its money. */
export const EXCHANGE_KEEPS_MONEY = ["to_ship", "to_make", "dispatched"] as const;

/**
 * X-SEC-26: what the order's exchanged lines are worth (each line exchanged for another size, to
 * send or sent): money that paid for the replacement, so it is not refunded too. At most the
 * order's total.
 */
export async function exchangedPence(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ pence: sql<number>`coalesce(sum(${orderLines.lineTotalPence}), 0)::int` })
    .from(exchangeFulfilments)
    .innerJoin(orderLines, eq(orderLines.id, exchangeFulfilments.orderLineId))
    .where(
      and(
        eq(exchangeFulfilments.orderId, orderId),
        inArray(exchangeFulfilments.status, [...EXCHANGE_KEEPS_MONEY]),
      ),
    );
  return Number(row?.pence ?? 0);
}

/** X-SEC-26: the refund's 409 when it would reach into what exchanged lines are worth. */
function exchangedSentence(exchanged: number, left: number): string {
  return `${formatPence(exchanged)} of this order paid for a size exchange (to send or sent), so it cannot also be refunded: ${
    left > 0 ? `at most ${formatPence(left)} is left to refund.` : "nothing else is left to refund."
  }`;
}

/**
 * Takes `amount` off what is left of a paid order and records the refund to ask the provider for,
 * in the caller's transaction: one conditional update (refunded + amount ≤ total − exchanged −
 * spent gift cards), so two refunds racing can never give back more than was paid, nor the money
 * of a line exchanged for another size (X-SEC-26), nor a gift card bought on the order and spent
 * (X-GIFT-5). The order's row is locked first, the lock a return's receipt (which makes the
 * exchanges) and an exchange's dispatch take, so the exchanges counted are the ones committed.
 *
 * X-GIFT-5, per tender: what the order's gift cards paid goes back to them first (at once, in this
 * transaction, recorded as a `gift_card` refund), the rest to the card payment; `cardFirst` turns
 * that round, never giving the card payment more than it took. A refund that reaches into the
 * unspent gift cards bought on the order voids them. `refunds` are the rows to settle, gift cards
 * first; `refund` is the last (the card payment's when there is one). Undefined when it does not fit.
 */
export async function reserveRefund(
  tx: Database,
  orderId: string,
  amount: number,
  reason: string | undefined,
  actor: string,
  parts: Pick<ShopParts, "settings" | "clock">,
  /** X-VAT-4: the refunded lines' value by rate; absent, the order's rates in proportion. */
  against?: RefundAgainst,
  { cardFirst = false }: { cardFirst?: boolean } = {},
): Promise<{ order: Order; refund: Refund; refunds: Refund[] } | undefined> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!before) return undefined;
  const exchanged = await exchangedPence(tx, orderId);
  const bought = await cardsBoughtOnOrder(tx, orderId);
  const [order] = await tx
    .update(orders)
    .set({ refundedPence: sql`${orders.refundedPence} + ${amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        isNotNull(orders.paidAt),
        inArray(orders.paymentStatus, [...MONEY_HELD]),
        sql`${orders.refundedPence} + ${amount} <= ${orders.totalPence} - ${exchanged} - ${bought.spentPence}`,
      ),
    )
    .returning();
  if (!order) return undefined;
  const now = parts.clock.now();
  // X-GIFT-5: a refund that reaches past the rest of the order into the cards bought on it voids
  // them (their unspent balance is what it gives back for them).
  const restBeforeCards =
    before.totalPence - before.refundedPence - exchanged - bought.spentPence - bought.unspentPence;
  if (bought.unspentPence > 0 && amount > restBeforeCards) {
    await voidGiftCardsOfOrder(tx, orderId, now, actor);
  }
  // X-GIFT-5: the tenders' shares. The gift cards' refunds so far are theirs; the rest of what
  // was refunded before is the card payment's.
  const gift = await giftCardTenderOf(tx, orderId);
  const giftLeft = gift.paidPence - gift.refundedPence;
  const cardLeft = Math.max(
    0,
    before.totalPence - before.giftCardPence - (before.refundedPence - gift.refundedPence),
  );
  const toCardPayment = cardFirst
    ? Math.min(amount, cardLeft)
    : amount - Math.min(amount, giftLeft);
  const toGiftCards = amount - toCardPayment;
  if (toGiftCards > giftLeft || toCardPayment > cardLeft) return undefined; // cannot happen
  const refunds: Refund[] = [];
  if (toGiftCards > 0) {
    await refundToGiftCards(tx, order, toGiftCards, now);
    refunds.push(
      await recordRefund(tx, order, toGiftCards, "gift_card", reason, actor, parts, against),
    );
  }
  if (toCardPayment > 0) {
    refunds.push(
      await recordRefund(
        tx,
        order,
        toCardPayment,
        order.paymentProvider,
        reason,
        actor,
        parts,
        against,
        // X-GIFT-5: split per tender, the two rows are one refund to the customer (one e-mail).
        refunds[0]?.id,
      ),
    );
  }
  return { order, refund: refunds.at(-1)!, refunds };
}

/** One tender's refund row, with the VAT it gives back (X-VAT-4). */
async function recordRefund(
  tx: Database,
  order: Order,
  amount: number,
  provider: Refund["provider"],
  reason: string | undefined,
  actor: string,
  parts: Pick<ShopParts, "settings">,
  against: RefundAgainst | undefined,
  giftCardRefundId?: string,
): Promise<Refund> {
  // X-VAT-4: the VAT it gives back, by rate, in proportion to what it refunds, counting what the
  // order's earlier refunds (not refused) gave back (the order's row is locked by the update).
  const earlier = await tx
    .select({ vatBreakdown: orderRefunds.vatBreakdown })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, order.id),
        isNull(orderRefunds.flaggedPaymentId),
        ne(orderRefunds.status, "failed"),
      ),
    );
  const orderBands = orderVatBands(order);
  const earlierBands = earlier.flatMap((row) => row.vatBreakdown);
  // X-GIFT-7: the order's bands hold only its taxed goods and delivery; what a refund gives back
  // beyond what is left of them is for the gift cards bought on the order (a voucher sold is
  // outside VAT, so is its refund: no band), as reserveRefund refunds the goods before the cards.
  const grossOf = (bands: readonly { gross_pence: number }[]) =>
    bands.reduce((sum, band) => sum + band.gross_pence, 0);
  const taxedLeft = Math.max(0, grossOf(orderBands) - grossOf(earlierBands));
  const vatBreakdown = refundVat({
    orderBands,
    earlier: earlierBands,
    amountPence: Math.min(amount, taxedLeft),
    against,
  });
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountPence: amount,
      vatBreakdown,
      vatPence: totalVatPence(vatBreakdown),
      provider,
      createdBy: actor,
      // Asked once now; if no answer is recorded, the retry job asks again after this.
      attempts: 1,
      nextAttemptAt: sql`now() + make_interval(secs => ${parts.settings.REFUND_RETRY_AFTER_SECONDS})`,
      reason,
      giftCardRefundId: giftCardRefundId ?? null,
    })
    .returning();
  return refund!;
}

/**
 * Settles each of a refund's rows in turn (gift cards first, X-GIFT-5); answers the last, or the
 * first problem (what was settled before it stays settled).
 */
export async function askAndSettleAll(
  db: Database,
  refunds: readonly Refund[],
  payments: Payments,
): Promise<{ ok: true; refund: Refund; refunds: Refund[] } | Problem> {
  const settled: Refund[] = [];
  for (const refund of refunds) {
    const asked = await askAndSettle(db, refund, payments);
    if (!asked.ok) {
      const given = settled.reduce((sum, row) => sum + row.amountPence, 0);
      return given > 0
        ? {
            ...asked,
            message: `${formatPence(given)} went back to the gift cards that paid. ${asked.message}`,
          }
        : asked;
    }
    settled.push(asked.refund);
  }
  return { ok: true, refund: settled.at(-1)!, refunds: settled };
}

/**
 * Refunds part or all of what is left of a paid order (X-OPS-4). The amount is taken off what is
 * left by one conditional update (refunded + amount ≤ total) before the provider is asked, so two
 * refunds racing can never give back more than was paid; a refund the provider refuses hands
 * its amount back.
 */
export async function refundOrder(
  db: Database,
  orderNumber: string,
  input: unknown,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  /** X-VAT-4: what the refund is for by rate (a return's lines); else the body's lineIds. */
  against?: RefundAgainst,
): Promise<RefundOutcome> {
  const parsed = refundInput.safeParse(input ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid amount.",
    };
  }
  const number = normaliseOrderNumber(orderNumber);
  if (!number) return { ok: false, kind: "not_found", message: "No order has that number." };
  const [current] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  if (!current) return { ok: false, kind: "not_found", message: "No order has that number." };
  const left = refundableFrom(current);
  if (left === 0) {
    return {
      ok: false,
      kind: "already_refunded",
      message: "This order has nothing left to refund.",
    };
  }
  // X-GIFT-5: "all that is left" leaves out a gift card bought on the order and spent.
  const { spentPence } = await cardsBoughtOnOrder(db, current.id);
  const amount = parsed.data.amountPence ?? (left > spentPence ? left - spentPence : left);
  let forLines = against;
  if (!forLines && parsed.data.lineIds?.length) {
    const lines = await db
      .select({
        id: orderLines.id,
        productId: orderLines.productId,
        ratePercent: orderLines.vatRatePercent,
        grossPence: orderLines.lineTotalPence,
      })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, current.id), inArray(orderLines.id, parsed.data.lineIds)));
    if (lines.length !== new Set(parsed.data.lineIds).size) {
      return {
        ok: false,
        kind: "invalid_input",
        message: "Each line id must be a line of the order.",
      };
    }
    // X-GIFT-7: a gift card line has no VAT rate (stored at 0, outside VAT): not a zero-rated good.
    forLines = lines.filter((line) => !isGiftCardLine(line));
  }

  const reserved = await db.transaction((tx) =>
    reserveRefund(
      tx as unknown as Database,
      current.id,
      amount,
      parsed.data.reason,
      actor,
      parts,
      forLines,
      { cardFirst: parsed.data.cardFirst },
    ),
  );
  if (!reserved) {
    const [now] = await db.select().from(orders).where(eq(orders.id, current.id));
    const exchanged = await exchangedPence(db, current.id);
    const remaining = now ? refundableFrom(now) : 0;
    if (spentPence > 0 && remaining > 0) {
      const most = Math.max(0, remaining - exchanged - spentPence);
      return {
        ok: false,
        kind: "conflict",
        message: `${formatPence(spentPence)} of the gift cards bought on this order has been spent, so it cannot be refunded: ${
          most > 0
            ? `at most ${formatPence(most)} is left to refund.`
            : "nothing else is left to refund."
        }`,
      };
    }
    if (exchanged > 0 && remaining > 0) {
      return {
        ok: false,
        kind: "conflict",
        message: exchangedSentence(exchanged, Math.max(0, remaining - exchanged)),
      };
    }
    return {
      ok: false,
      kind: "already_refunded",
      message:
        remaining > 0
          ? `At most ${formatPence(remaining)} is left to refund on this order.`
          : "This order has nothing left to refund.",
    };
  }

  const asked = await askAndSettleAll(db, reserved.refunds, parts.payments);
  if (!asked.ok) return asked;
  const [order] = await db.select().from(orders).where(eq(orders.id, current.id));
  return { ok: true, refund: asked.refund, refunds: asked.refunds, order: order! };
}

export async function refundsOfOrder(db: Database, orderId: string): Promise<Refund[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(desc(orderRefunds.createdAt));
}

/**
 * "Refund this payment" (issue 27): gives back a payment the shop would not apply to its order
 * (a wrong amount, a payment after the order was cancelled or expired), exactly once: the database
 * refuses a second refund of the same payment while the first is pending or done.
 */
export async function refundFlaggedPayment(
  db: Database,
  flaggedPaymentId: string,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<{ ok: true; refund: Refund } | Problem> {
  if (!z.uuid().safeParse(flaggedPaymentId).success) {
    return { ok: false, kind: "not_found", message: "No payment needs that refund." };
  }
  const [flagged] = await db
    .select()
    .from(flaggedPayments)
    .where(eq(flaggedPayments.id, flaggedPaymentId));
  if (!flagged) return { ok: false, kind: "not_found", message: "No payment needs that refund." };
  const inserted = await db
    .insert(orderRefunds)
    .values({
      orderId: flagged.orderId,
      flaggedPaymentId: flagged.id,
      amountPence: flagged.amountPence,
      provider: flagged.provider,
      createdBy: actor,
      attempts: 1,
      nextAttemptAt: sql`now() + make_interval(secs => ${parts.settings.REFUND_RETRY_AFTER_SECONDS})`,
    })
    .onConflictDoNothing({
      target: orderRefunds.flaggedPaymentId,
      where: sql`${orderRefunds.status} <> 'failed'`,
    })
    .returning();
  const refund = inserted[0];
  if (!refund) {
    return {
      ok: false,
      kind: "already_refunded",
      message: "This payment has already been refunded.",
    };
  }
  return askAndSettle(db, refund, parts.payments);
}
