import { randomBytes } from "node:crypto";
import { countOrderPaid } from "~/metrics/metrics.server";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { PricedChoice } from "~/shared/line-choice";
import type { Database } from "~/db/client.server";
import { lockForTransaction } from "~/db/locks.server";
import {
  flaggedPayments,
  orderLines,
  orders,
  type PostalAddress,
  stockReservations,
} from "./schema";
import type { ShippingMethodId } from "~/pricing/shipping";
import type { OrderTotals } from "~/pricing/totals";
import { lineVatRatePercent, orderVat, type VatRatedProduct } from "~/pricing/vat";
import { reserveStock } from "~/stock/stock.server";
import { returnStock } from "./reservations.server";
import type { StockLookup } from "~/stock/stock";
import { type Discount, giveBackDiscountUse, takeDiscountUse } from "~/discounts/redemption.server";
import { takeOrderNumber } from "./order-number.server";
import { awaitingPaymentSql } from "./states.server";
import { ProblemError } from "~/shared/problems";
import { isGiftCardLine, type GiftCardChoice } from "~/shared/gift-cards";
import {
  addPendingGiftCards,
  captureGiftCardHolds,
  holdGiftCards,
  releaseGiftCardHolds,
} from "~/giftcards/cards.server";

export type Order = typeof orders.$inferSelect;

/** The sentence for an address that has as many unpaid checkouts as it may hold (X-SEC-11). */
export const TOO_MANY_PENDING =
  "You have unpaid checkouts waiting. Finish or wait for them to expire.";

/** The address already holds its share of pending orders (X-SEC-11); nothing was stored. */
export class PendingOrdersLimitError extends ProblemError {
  constructor() {
    super("rate_limited", TOO_MANY_PENDING);
    this.name = "PendingOrdersLimitError";
  }
}

export type OrderLine = typeof orderLines.$inferSelect;
export type PaymentProviderName = "sandbox" | "stripe";

/** A session id for the sandbox provider, shaped like Stripe's so URLs look the same. */
export function newSandboxSessionId(): string {
  return `cs_test_${randomBytes(24).toString("base64url")}`;
}

/**
 * Stores the order and its lines, priced by the server, and takes their stock, in one
 * transaction (X-CHK-2, X-STK-3). Status is pending until the payment provider says it is paid,
 * or until expiresAt, when it is cancelled and gives its stock back (X-STK-4). Throws
 * StockShortError (nothing stored, nothing taken) when a stocked line cannot be had, and
 * DiscountRefusedError when the code's use cannot be taken (X-OPS-9).
 *
 * X-SEC-11: one order takes at most `mostStockedPerVariant` of a stocked variant
 * (StockLimitError), and a client (its address's rate-limit key) holds at most `pendingMost`
 * unpaid, unexpired orders (PendingOrdersLimitError). The count is made under a transaction-scoped
 * advisory lock on that key, taken first, so parallel checkouts from one address queue for it
 * and each sees the orders the others committed; the key is kept on the order while it is pending.
 */
export async function createPendingOrder(
  db: Database,
  input: {
    /** X-TEAM-7: a line the organiser pays for names the member it is for. */
    lines: readonly (PricedChoice & { memberName?: string })[];
    totals: OrderTotals;
    shippingMethod: ShippingMethodId;
    discount: Discount | undefined;
    provider: PaymentProviderName;
    paymentSessionId?: string;
    expiresAt: Date;
    /** When the order is made, by the shop's clock: the discount's dates are checked at it. */
    now: Date;
    mostStockedPerVariant?: number;
    client?: { key: string; pendingMost: number };
    /** The server's cart it was made from, emptied when it is paid. */
    cartId?: string;
    /** The products of the lines, for what stock takes of a bundle and its messages. */
    stockLookup: StockLookup;
    /** The products of the lines as the catalogue has them now: each line's VAT rate (X-VAT-1). */
    vatLookup: (productId: string) => VatRatedProduct | undefined;
    /** X-TEAM-6: every line goes with this team, to its address; the member gives none. */
    teamDelivery?: { slug: string; address: string };
    /** X-GIFT-3: gift card codes to pay with, held against the cards in this transaction. */
    giftCards?: readonly string[];
    /** The shop's day now (YYYY-MM-DD): a card past its last day cannot pay. */
    today?: string;
  },
): Promise<Order> {
  // X-GIFT-7: a gift card sold is a multi-purpose voucher, outside VAT; only the other lines
  // carry VAT (the discount and delivery never touch a gift card line).
  const taxed = input.lines.flatMap((line, position) => (isGiftCardLine(line) ? [] : [position]));
  // X-VAT-2: each line's rate and VAT, decided now and stored, with the order's VAT by rate (the
  // discount on the lines it applies to: not a team's, X-SEC-21; the delivery split by value).
  const taxedVat = orderVat({
    lines: taxed.map((position) => {
      const line = input.lines[position]!;
      return {
        grossPence: line.unitPricePence * line.quantity,
        ratePercent: lineVatRatePercent(
          input.vatLookup(line.productId),
          line.optionType,
          line.size,
        ),
        discounted: !line.team,
      };
    }),
    discountPence: input.totals.discountPence,
    deliveryPence: input.totals.shippingPence,
  });
  const vat = {
    breakdown: taxedVat.breakdown,
    lines: input.lines.map((_, position) => {
      const at = taxed.indexOf(position);
      return at === -1 ? { ratePercent: 0, vatPence: 0 } : taxedVat.lines[at]!;
    }),
  };
  // Gift cards cannot buy gift cards (X-GIFT-1): they pay at most the rest of the total.
  const giftLinesPence = input.lines
    .filter(isGiftCardLine)
    .reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
  return db.transaction(async (tx) => {
    if (input.client) await checkPendingShare(tx, input.client.key, input.client.pendingMost);
    // X-OPS-9: the order holds one use of its code until it is paid, cancelled or expires.
    if (input.discount) {
      await takeDiscountUse(tx, input.discount, input.totals.subtotalPence, input.now);
    }
    const reserved = await reserveStock(
      tx,
      input.lines,
      input.stockLookup,
      input.mostStockedPerVariant,
    );
    const [order] = await tx
      .insert(orders)
      .values({
        paymentProvider: input.provider,
        paymentSessionId: input.paymentSessionId,
        subtotalPence: input.totals.subtotalPence,
        shippingPence: input.totals.shippingPence,
        shippingMethod: input.shippingMethod,
        discountPence: input.totals.discountPence,
        totalPence: input.totals.totalPence,
        vatBreakdown: vat.breakdown,
        discountCode: input.discount?.code ?? null,
        discountPercent: input.discount?.percent ?? 0,
        expiresAt: input.expiresAt,
        clientKey: input.client?.key ?? null,
        cartId: input.cartId ?? null,
        teamDeliverySlug: input.teamDelivery?.slug ?? null,
        teamDeliveryAddress: input.teamDelivery?.address ?? null,
      })
      .returning();
    if (!order) throw new Error("The order was not stored.");
    const stored = await tx
      .insert(orderLines)
      .values(
        input.lines.map((line, position) => ({
          orderId: order.id,
          position,
          productId: line.productId,
          productName: line.productName,
          optionType: line.optionType,
          size: line.size,
          beltRank: line.beltRank ?? null,
          color: line.color ?? null,
          customText: line.customText ?? null,
          nameCustomisation: Boolean(line.nameCustomisation),
          quantity: line.quantity,
          unitPricePence: line.unitPricePence,
          wasUnitPricePence: line.wasUnitPricePence ?? null,
          lineTotalPence: line.unitPricePence * line.quantity,
          fromStock: reserved.fromStock[position] ?? false,
          teamSlug: line.team ?? null,
          printName: line.printName ?? null,
          memberName: line.memberName ?? null,
          vatRatePercent: vat.lines[position]!.ratePercent,
          vatPence: vat.lines[position]!.vatPence,
        })),
      )
      .returning({ id: orderLines.id, position: orderLines.position });
    const reservations = stored.flatMap((line) =>
      (reserved.taken[line.position] ?? []).map((taken) => ({
        orderId: order.id,
        orderLineId: line.id,
        ...taken,
      })),
    );
    if (reservations.length > 0) await tx.insert(stockReservations).values(reservations);
    // X-GIFT-2: the cards bought here, issued when the order is paid.
    await addPendingGiftCards(
      tx,
      order.id,
      input.lines.flatMap((line, position) =>
        isGiftCardLine(line) ? [{ position, choice: line as GiftCardChoice }] : [],
      ),
    );
    if (!input.giftCards?.length) return order;
    // X-GIFT-3: the cards' pounds are held for this order until it is paid or ends.
    const giftCardPence = await holdGiftCards(tx, {
      orderId: order.id,
      codes: input.giftCards,
      payablePence: input.totals.totalPence - giftLinesPence,
      today: input.today ?? "",
    });
    const [held] = await tx
      .update(orders)
      .set({ giftCardPence })
      .where(eq(orders.id, order.id))
      .returning();
    return held!;
  });
}

/** What the customer pays by card: the total less what gift cards pay (X-GIFT-3). */
export function amountDuePence(order: Pick<Order, "totalPence" | "giftCardPence">): number {
  return order.totalPence - order.giftCardPence;
}

/** Waits for the client's lock, then refuses when it already holds `most` live pending orders. */
async function checkPendingShare(tx: Database, key: string, most: number): Promise<void> {
  await lockForTransaction(tx, "pendingByClient", key);
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.clientKey, key), awaitingPaymentSql(), sql`${orders.expiresAt} > now()`));
  if ((held?.count ?? 0) >= most) throw new PendingOrdersLimitError();
}

/** Records the hosted session; expiresAt when the provider's session ends at another time. */
export async function setPaymentSession(
  db: Database,
  orderId: string,
  sessionId: string,
  expiresAt?: Date,
) {
  await db
    .update(orders)
    .set({
      paymentSessionId: sessionId,
      updatedAt: sql`now()`,
      ...(expiresAt ? { expiresAt } : {}),
    })
    .where(eq(orders.id, orderId));
}

/**
 * The one way a pending order is cancelled: its payment session failed, Stripe said the session
 * expired, or it passed its expiry time (X-STK-4). The conditional update lets exactly one caller
 * move it from pending to cancelled, and that caller gives back what the order held in the same
 * transaction, so the stock and the discount-code use (X-OPS-9) come back exactly once.
 * True when this call cancelled it.
 */
export async function markOrderCancelled(
  db: Database,
  orderId: string,
  /** `expired`: its time or its session ran out; `failed`: the payment itself failed. */
  payment: "expired" | "failed" = "expired",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({
        paymentStatus: payment,
        fulfilmentStatus: "cancelled",
        clientKey: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), awaitingPaymentSql()))
      .returning({ id: orders.id, discountCode: orders.discountCode });
    if (!cancelled) return false;
    await returnStock(tx, orderId);
    await giveBackDiscountUse(tx, cancelled.discountCode);
    // X-GIFT-3: what its gift cards held is theirs again; cards bought on it are never issued.
    await releaseGiftCardHolds(tx, orderId);
    return true;
  });
}

export async function findOrderBySession(db: Database, sessionId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId))
    .limit(1);
  return order;
}

export async function findOrderById(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order;
}

export async function linesOfOrder(db: Database, orderId: string): Promise<OrderLine[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

export interface PaymentDetails {
  customerEmail: string;
  customerPhone?: string | null;
  /** The name the payment gave, where it gave no address (a team delivered together). */
  customerName?: { firstName: string; lastName: string };
  shippingAddress?: PostalAddress | null;
  billingAddress?: PostalAddress | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  paymentReference?: string | null;
}

/**
 * Marks a pending order paid. Idempotent and race-safe (X-CHK-2): the conditional UPDATE lets
 * exactly one caller move it from pending to paid; every other caller gets `false`. That caller
 * gives the order its number (X-DAY-3), in the same transaction: the one place a number is given.
 */
/** X-TEAM-6: the team's address, for the member named at payment (nothing else of theirs). */
export function teamShippingAddress(
  teamAddress: string,
  given: Pick<PostalAddress, "firstName" | "lastName"> | null | undefined,
): PostalAddress {
  return {
    firstName: given?.firstName ?? "",
    lastName: given?.lastName ?? "",
    address: teamAddress,
    city: "",
    postcode: "",
    country: "United Kingdom",
  };
}

export async function markOrderPaid(
  db: Database,
  orderId: string,
  details: PaymentDetails,
): Promise<{ changed: boolean; order: Order | undefined }> {
  const paid = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // X-TEAM-6: an order delivered with its team goes to the team's address, whatever the
    // payment page or provider collected; the member's name stays on it.
    const [team] = await txDb
      .select({ address: orders.teamDeliveryAddress })
      .from(orders)
      .where(eq(orders.id, orderId));
    const shippingAddress = team?.address
      ? teamShippingAddress(team.address, details.shippingAddress ?? details.customerName)
      : (details.shippingAddress ?? null);
    const [updated] = await txDb
      .update(orders)
      .set({
        paymentStatus: "paid",
        clientKey: null,
        paidAt: sql`now()`,
        updatedAt: sql`now()`,
        customerEmail: details.customerEmail,
        customerPhone: details.customerPhone ?? null,
        shippingAddress,
        billingAddress: team?.address ? null : (details.billingAddress ?? null),
        cardBrand: details.cardBrand ?? null,
        cardLast4: details.cardLast4 ?? null,
        paymentReference: details.paymentReference ?? null,
      })
      .where(and(eq(orders.id, orderId), awaitingPaymentSql()))
      .returning({ id: orders.id });
    if (!updated) return undefined;
    const [numbered] = await txDb
      .update(orders)
      .set({ orderNumber: await takeOrderNumber(txDb) })
      .where(eq(orders.id, updated.id))
      .returning();
    // X-GIFT-3: what the gift cards held is taken off their balances, once, with the payment.
    if (numbered && numbered.giftCardPence > 0)
      await captureGiftCardHolds(txDb, numbered, numbered.paidAt!);
    return numbered;
  });
  if (paid) {
    countOrderPaid();
    return { changed: true, order: paid };
  }
  return { changed: false, order: await findOrderById(db, orderId) };
}

/** Tracking (X-INFO-2): an order only when both its number and its e-mail match. */
export async function findOrderForTracking(db: Database, orderNumber: string, email: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
        sql`lower(${orders.customerEmail}) = lower(${email.trim()})`,
      ),
    )
    .limit(1);
  return order;
}

/**
 * Flags an order for the owner (X-SEC-5): a payment that does not match it, or a payment for an
 * order that was already cancelled, to be refunded. The first reason is kept.
 */
export interface FlaggedPayment {
  provider: "sandbox" | "stripe";
  sessionId: string;
  paymentReference: string | null;
  amountPence: number;
  currency: string;
  customerEmail: string | null;
}

/**
 * Marks an order for the owner (X-SEC-5), and keeps a payment the shop would not apply to it, so
 * the owner can give it back from "Needs attention" (issue 27); one row per provider session.
 */
export async function flagOrder(
  db: Database,
  orderId: string,
  reason: string,
  payment?: FlaggedPayment,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ attentionReason: reason, attentionAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), isNull(orders.attentionReason)));
    if (payment) {
      await tx
        .insert(flaggedPayments)
        .values({ orderId, reason, ...payment })
        .onConflictDoNothing({ target: flaggedPayments.sessionId });
    }
  });
}
