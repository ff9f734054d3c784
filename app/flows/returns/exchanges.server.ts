import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue";
import { findOption, NO_SIZE } from "~/catalogue/options";
import type { Database } from "~/db/client.server";
import { exchangeFulfilments, type ExchangeStatus, returnRequestLines } from "~/returns/schema";
import { orderLines, orders } from "~/orders/schema";
import { enqueueMail } from "~/mail/outbox.server";
import { reserveStock, stockLevels, StockShortError } from "~/stock/stock.server";
import { type StockLevels, variantKey } from "~/stock/stock";
import { exchangeOutcomeEmail } from "~/returns/exchange-email";
import {
  handleReturnRequestForm,
  markReturnReceived,
  type ExchangeSize,
} from "~/returns/requests.server";
import { loadCatalogue } from "~/catalogue/store.server";
import { isUuid } from "~/db/ids";
import { notifyCustomer } from "~/orders/notify.server";
import { normaliseOrderNumber } from "~/orders/order-number";
import { statusChangeInput } from "~/orders/workflow.server";
import { recordAudit } from "~/security/audit.server";
import { MONEY_HELD } from "~/orders/status";
import { exchangedPence } from "~/flows/refunds/refunds.server";
import { done, problem, type Result } from "~/shared/problems";
import type { OwnerNoticeSettings } from "~/mail/owner-notice.server";
import type { OriginSettings } from "~/security/origin.server";

/**
 * The sizes a line can be exchanged for (X-FIT-2): the other sizes of its own product and option
 * (a size costs what its option costs, so the money never changes), each in stock for the line's
 * quantity or made to order. None for a bundle or a product without sizes.
 */
export function exchangeSizes(
  line: {
    productId: string;
    optionType: string;
    size: string;
    color: string | null;
    quantity: number;
  },
  catalogue: Pick<Catalogue, "all">,
  levels: StockLevels,
): ExchangeSize[] {
  const product = catalogue.all.get(line.productId);
  if (!product || product.bundle) return [];
  const option = findOption(product, line.optionType);
  if (!option) return [];
  return option.sizes
    .filter((size) => size !== line.size && size !== NO_SIZE)
    .flatMap((size): ExchangeSize[] => {
      const left = levels[variantKey({ ...line, size, color: line.color ?? "" })];
      if (left === undefined) return [{ size, madeToOrder: true }];
      return left >= line.quantity ? [{ size, madeToOrder: false }] : [];
    });
}

/** What happened to one asked-for exchange when the return was received. */
export interface ExchangeOutcome {
  productName: string;
  fromSize: string;
  toSize: string;
  quantity: number;
  /** What the receipt decided (dispatch comes later, from the owner). */
  status: Exclude<ExchangeStatus, "dispatched">;
}

/**
 * On "Received" (X-FIT-2), inside the transaction that marks the return received: each line that
 * asked for another size takes it through the one place stock is reserved (reserveStock), and
 * becomes a fulfilment of its own of the same order: "to_ship" from stock, "to_make" when made to
 * order. A size that has run out since the request falls back to a refund, said plainly. No
 * payment is taken and the order's money is unchanged. The buyer is e-mailed through the outbox.
 */
export async function settleExchanges(
  tx: Database,
  returnRequestId: string,
  catalogue: Pick<Catalogue, "all" | "settings">,
): Promise<ExchangeOutcome[]> {
  const rows = await tx
    .select({ line: orderLines, exchangeSize: returnRequestLines.exchangeSize, order: orders })
    .from(returnRequestLines)
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(returnRequestLines.returnRequestId, returnRequestId),
        isNotNull(returnRequestLines.exchangeSize),
      ),
    )
    .orderBy(orderLines.position);
  const outcomes: ExchangeOutcome[] = [];
  // X-SEC-26: the order's row first, the lock a refund takes: money refunded meanwhile is seen,
  // and a refund that comes after counts these exchanges.
  const lockedOrder = rows[0]
    ? (
        await tx
          .select({
            totalPence: orders.totalPence,
            refundedPence: orders.refundedPence,
            paymentStatus: orders.paymentStatus,
          })
          .from(orders)
          .where(eq(orders.id, rows[0].order.id))
          .for("update")
      )[0]
    : undefined;
  let kept = rows[0] ? await exchangedPence(tx, rows[0].order.id) : 0;
  for (const { line, exchangeSize, order } of rows) {
    const wanted = {
      productId: line.productId,
      optionType: line.optionType,
      size: exchangeSize!,
      color: line.color,
      customText: null,
      quantity: line.quantity,
    };
    let status: ExchangeOutcome["status"];
    let fromStock = false;
    // X-SEC-26: a line whose money was refunded already is not exchanged as well.
    const paidFor =
      lockedOrder !== undefined &&
      MONEY_HELD.includes(lockedOrder.paymentStatus) &&
      lockedOrder.refundedPence + kept + line.lineTotalPence <= lockedOrder.totalPence;
    if (!paidFor) {
      status = "refund";
    } else {
      try {
        // One variant, one conditional decrement: a short size takes nothing, so the transaction
        // goes on and the line is refunded instead.
        const reserved = await reserveStock(tx, [wanted], (id) => catalogue.all.get(id));
        fromStock = reserved.fromStock[0] ?? false;
        status = fromStock ? "to_ship" : "to_make";
        kept += line.lineTotalPence;
      } catch (error) {
        if (!(error instanceof StockShortError)) throw error;
        status = "refund";
      }
    }
    await tx.insert(exchangeFulfilments).values({
      orderId: order.id,
      returnRequestId,
      orderLineId: line.id,
      productId: line.productId,
      optionType: line.optionType,
      size: wanted.size,
      color: line.color ?? "",
      quantity: line.quantity,
      status,
      fromStock,
    });
    outcomes.push({
      productName: line.productName,
      fromSize: line.size,
      toSize: wanted.size,
      quantity: line.quantity,
      status,
    });
    if (order.customerEmail) {
      await enqueueMail(
        tx,
        {
          to: order.customerEmail,
          ...exchangeOutcomeEmail(
            order.orderNumber,
            outcomes.at(-1)!,
            catalogue.settings.settings.seller,
          ),
        },
        { dedupeKey: `exchange:${line.id}`, kind: "exchange", ref: returnRequestId },
      );
    }
  }
  return outcomes;
}

/** The exchange fulfilments of an order (its page and JSON), oldest first. */
export async function exchangesOfOrder(db: Database, orderId: string) {
  return db
    .select()
    .from(exchangeFulfilments)
    .where(eq(exchangeFulfilments.orderId, orderId))
    .orderBy(exchangeFulfilments.createdAt);
}

/** The sizes each line can be exchanged for now (X-FIT-2), for the returns capability's view. */
export async function exchangeSizesNow(db: Database, now: Date) {
  const [catalogue, levels] = await Promise.all([
    loadCatalogue(db, now.getTime()),
    stockLevels(db),
  ]);
  return (line: Parameters<typeof exchangeSizes>[0]) => exchangeSizes(line, catalogue, levels);
}

/** The /returns/request form post, with each line's exchange sizes (X-UK-5, X-FIT-2). */
export async function returnRequestForm(
  db: Database,
  form: FormData,
  settings: OwnerNoticeSettings & OriginSettings,
  now: Date,
) {
  return handleReturnRequestForm(db, form, settings, now, await exchangeSizesNow(db, now));
}

/**
 * "Mark received" (X-UK-5) with its exchanges settled in the same transaction (X-FIT-2). The
 * catalogue is read first: on PGlite (one connection) a read outside the transaction would wait.
 */
export async function receiveReturn(db: Database, id: string, by: string, now: Date) {
  const catalogue = await loadCatalogue(db, now.getTime());
  return markReturnReceived(db, id, by, (tx) => settleExchanges(tx, id, catalogue).then(() => {}));
}

/**
 * "Mark dispatched" for an exchange's replacement (X-FIT-2): its own parcel, carrier and tracking
 * number (checked as for an order's dispatch), one conditional update from "to_ship" or
 * "to_make", so two presses send one e-mail; the buyer is told what is in the parcel, in the
 * transaction that records it. `POST /api/admin/orders/:n/exchanges/:id/dispatch` and the
 * order page's Exchanges panel.
 */
export async function dispatchExchange(
  db: Database,
  orderNumber: string,
  exchangeId: string,
  input: unknown,
  actor: string,
  now: Date,
): Promise<Result<{ exchange: typeof exchangeFulfilments.$inferSelect }>> {
  const body = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const parsed = statusChangeInput.safeParse({
    status: "dispatched",
    carrier: body.carrier ?? "",
    trackingNumber: body.trackingNumber ?? "",
  });
  if (!parsed.success) {
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Invalid input.");
  }
  const carrier = parsed.data.carrier!;
  const trackingNumber = parsed.data.trackingNumber!;
  const number = normaliseOrderNumber(orderNumber);
  if (!number || !isUuid(exchangeId))
    return problem("not_found", "No such exchange on this order.");
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ exchange: exchangeFulfilments, order: orders, line: orderLines })
      .from(exchangeFulfilments)
      .innerJoin(orders, eq(orders.id, exchangeFulfilments.orderId))
      .innerJoin(orderLines, eq(orderLines.id, exchangeFulfilments.orderLineId))
      .where(and(eq(exchangeFulfilments.id, exchangeId), eq(orders.orderNumber, number)));
    if (!found) return problem("not_found", "No such exchange on this order.");
    // X-SEC-26: the order's row, the lock a refund takes; a replacement whose money went back is
    // never sent.
    const [money] = await tx
      .select({
        totalPence: orders.totalPence,
        refundedPence: orders.refundedPence,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(eq(orders.id, found.order.id))
      .for("update");
    if (
      found.exchange.status !== "dispatched" &&
      found.exchange.status !== "refund" &&
      (!money ||
        !MONEY_HELD.includes(money.paymentStatus) ||
        money.refundedPence + (await exchangedPence(tx, found.order.id)) > money.totalPence)
    ) {
      return problem(
        "conflict",
        "This order's money was refunded, so the exchange is not sent: ask the buyer before sending anything.",
      );
    }
    const [sent] = await tx
      .update(exchangeFulfilments)
      .set({ status: "dispatched", carrier, trackingNumber, dispatchedAt: now })
      .where(
        and(
          eq(exchangeFulfilments.id, exchangeId),
          inArray(exchangeFulfilments.status, ["to_ship", "to_make"]),
        ),
      )
      .returning();
    if (!sent) {
      return problem(
        "conflict",
        found.exchange.status === "refund"
          ? "This size ran out before the return arrived: it is refunded, not sent."
          : "This exchange has already been dispatched.",
      );
    }
    const { line, order } = found;
    await recordAudit(tx, {
      actor,
      action: "order.exchange_dispatched",
      subject: `order:${order.orderNumber}`,
      before: { status: found.exchange.status },
      after: { status: "dispatched", size: sent.size, carrier, trackingNumber },
    });
    await notifyCustomer(tx, order, {
      kind: "dispatched",
      carrier,
      trackingNumber,
      lines: [
        `${sent.quantity} × ${line.productName} (${sent.optionType}), size ${sent.size}: your exchange for size ${line.size}`,
      ],
    });
    return done({ exchange: sent });
  });
}
