import type { ShopParts } from "~/flows/parts.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Problem } from "~/shared/problems";
import { orderLines, orders } from "~/orders/schema";
import { returnRequestLines, returnRequests } from "~/returns/schema";
import { recordAudit } from "~/security/audit.server";
import { returnReference } from "~/returns/rules";
import { putBackInStock, type Reservation, stockedOnly } from "~/stock/stock.server";
import { itemsOfReturnedLines } from "~/orders/reservations.server";
import { type Refund, refundOrder } from "../refunds/refunds.server";
import type { Order } from "~/orders/orders.server";

const NO_SUCH: Problem = {
  ok: false,
  kind: "not_found",
  message: "There is no such return request.",
};
const isId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

async function findReturn(db: Database, id: string) {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  return row;
}

/** The items a return sends back, and which of them are stocked variants. */
async function stockedItemsOf(db: Database, requestId: string): Promise<Reservation[]> {
  const lines = await db
    .select({ returned: returnRequestLines.quantity, line: orderLines })
    .from(returnRequestLines)
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .where(eq(returnRequestLines.returnRequestId, requestId));
  const items = await itemsOfReturnedLines(
    db,
    lines.map(({ returned, line }) => ({
      orderLineId: line.id,
      lineQuantity: line.quantity,
      returned,
      productId: line.productId,
      optionType: line.optionType,
      size: line.size,
      color: line.color ?? "",
    })),
  );
  return stockedOnly(db, items);
}

/** Of these received returns, the ones with stocked items not yet put back ("Put back in stock"). */
export async function restockableReturns(
  db: Database,
  requests: readonly { id: string; status: string; restockedAt: string | null }[],
): Promise<string[]> {
  const open = requests.filter((r) => r.status !== "requested" && !r.restockedAt);
  const found = await Promise.all(
    open.map(async (r) => ((await stockedItemsOf(db, r.id)).length > 0 ? r.id : undefined)),
  );
  return found.filter((id): id is string => Boolean(id));
}

/**
 * Refunds a received return (X-DAY-1) through the order's refund (refundOrder: provider, history,
 * the customer's e-mail), once: the return is claimed as refunded by one conditional update
 * before the money moves, and handed back if the refund does not go through.
 */
export async function refundReturn(
  db: Database,
  id: string,
  input: { amountPence: number; reason?: string },
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<{ ok: true; refund: Refund; order: Order } | Problem> {
  const found = await findReturn(db, id);
  if (!found) return NO_SUCH;
  const reference = returnReference(id);
  if (found.request.status === "requested") {
    return {
      ok: false,
      kind: "conflict",
      message: "Mark the items received before refunding them.",
    };
  }
  const [claimed] = await db
    .update(returnRequests)
    .set({ status: "refunded", refundedAt: sql`now()` })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, "received")))
    .returning({ id: returnRequests.id });
  if (!claimed)
    return {
      ok: false,
      kind: "already_refunded",
      message: "This return has already been refunded.",
    };
  // X-VAT-4: the returned lines' rates decide the VAT the refund gives back.
  const returned = await db
    .select({ quantity: returnRequestLines.quantity, line: orderLines })
    .from(returnRequestLines)
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .where(eq(returnRequestLines.returnRequestId, id));
  const refunded = await refundOrder(
    db,
    found.order.orderNumber,
    { amountPence: input.amountPence, reason: input.reason ?? `Returned items (${reference})` },
    actor,
    parts,
    returned.map(({ quantity, line }) => ({
      ratePercent: line.vatRatePercent,
      grossPence: line.unitPricePence * quantity,
    })),
  );
  if (!refunded.ok) {
    await db
      .update(returnRequests)
      .set({ status: "received", refundedAt: null })
      .where(
        and(
          eq(returnRequests.id, id),
          eq(returnRequests.status, "refunded"),
          isNull(returnRequests.refundId),
        ),
      );
    return refunded;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(returnRequests)
      .set({ refundId: refunded.refund.id })
      .where(eq(returnRequests.id, id));
    await recordAudit(tx, {
      actor,
      action: "return.refunded",
      subject: `return:${reference}`,
      before: { status: "received" },
      after: { status: "refunded", amountPence: refunded.refund.amountPence },
    });
  });
  return { ok: true, refund: refunded.refund, order: refunded.order };
}

/**
 * Puts a received return's stocked items back in stock (X-DAY-1), once: the return is marked
 * restocked by one conditional update in the transaction that adds the stock.
 */
export async function restockReturn(
  db: Database,
  id: string,
  actor: string,
): Promise<{ ok: true; items: number } | Problem> {
  const found = await findReturn(db, id);
  if (!found) return NO_SUCH;
  if (found.request.status === "requested") {
    return {
      ok: false,
      kind: "conflict",
      message: "Mark the items received before putting them back.",
    };
  }
  const items = await stockedItemsOf(db, id);
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(returnRequests)
      .set({ restockedAt: sql`now()` })
      .where(
        and(
          eq(returnRequests.id, id),
          isNull(returnRequests.restockedAt),
          inArray(returnRequests.status, ["received", "refunded"]),
        ),
      )
      .returning({ id: returnRequests.id });
    if (!claimed) return undefined;
    const count = await putBackInStock(tx, items);
    await recordAudit(tx, {
      actor,
      action: "return.restocked",
      subject: `return:${returnReference(id)}`,
      before: null,
      after: { items: count },
    });
    return count;
  });
  if (done === undefined) {
    return {
      ok: false,
      kind: "already_done",
      message: "These items have already been put back in stock.",
    };
  }
  return { ok: true, items: done };
}
