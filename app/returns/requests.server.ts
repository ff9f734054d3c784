import { recordAudit } from "~/security/audit.server";
import { and, desc, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { choiceDetails } from "~/catalogue/options";
import type { Database } from "~/db/client.server";
import {
  exchangeFulfilments,
  returnRequestLines,
  returnRequests,
  type ExchangeStatus,
  type ReturnRequestStatus,
} from "./schema";
import { findOrderByNumber, orderLinesByIds, ordersByIds } from "~/orders/lookups.server";
import { enqueueMail } from "~/mail/outbox.server";
import { notifyOwner, type OwnerNoticeSettings } from "~/mail/owner-notice.server";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import {
  findOrderForTracking,
  linesOfOrder,
  type Order,
  type OrderLine,
} from "~/orders/orders.server";
import { done, type Problem, problem, type Result } from "~/shared/problems";
import { text } from "~/shared/text";
import { returnAcknowledgementEmail, returnRequestNotice } from "./acknowledgement-email";
import { loadCatalogue } from "~/catalogue/store.server";
import { methodSetting } from "~/pricing/shipping";
import { leadTimeMaxDays, type ShopSettings } from "~/policy/shop-settings";
import { lineRefusal, returnedValuePence, returnReference, returnWindow } from "./rules";
import { EMAIL_MAX, MAX_CART_LINES, ORDER_NUMBER_MAX, RETURN_REASON_MAX } from "~/shared/limits";

/** The customer's order as the returns request page shows it: every line, tickable or not. */
export interface ReturnableOrderView {
  orderNumber: string;
  lastDay: string;
  countedFrom: "delivery" | "dispatch";
  /** The owner's return window in days (X-TRUE-2). */
  days: number;
  lines: {
    id: string;
    productName: string;
    details: string;
    quantity: number;
    /** Why the line cannot be ticked; null when it can. */
    refusal: string | null;
    /** X-FIT-2: the sizes it can be exchanged for instead of a refund (none when refused). */
    exchangeSizes: ExchangeSize[];
  }[];
}

/** A size a returned line can be exchanged for (X-FIT-2): in stock now, or made to order. */
export interface ExchangeSize {
  size: string;
  madeToOrder: boolean;
}

/** X-FIT-2: the sizes a line can be exchanged for; the returns flow knows stock, this does not. */
export type ExchangeSizesOf = (line: OrderLine) => ExchangeSize[];
const NO_EXCHANGES: ExchangeSizesOf = () => [];

/** What a feature function answers: its result, or a refusal in words for a person. */
export type Found<T> = ({ ok: true } & T) | Problem;

const NOT_FOUND =
  "We couldn't find an order with that number and e-mail address. Please check both and try again.";

export const lookupSchema = z.object({
  orderNumber: text({ error: "Enter your order number." })
    .trim()
    .min(1, "Enter your order number.")
    .max(ORDER_NUMBER_MAX, "That is not an order number."),
  email: text({ error: "Enter the e-mail address you ordered with." })
    .trim()
    .min(3, "Enter the e-mail address you ordered with.")
    .max(EMAIL_MAX, "That e-mail address is too long."),
});

export const requestSchema = lookupSchema.extend({
  lineIds: z
    .array(text().trim().max(40), { error: "Tick the items you are sending back." })
    .min(1, "Tick at least one item to send back.")
    .max(MAX_CART_LINES),
  reason: text({ multiline: true, error: "Please tell us why you are sending the items back." })
    .trim()
    .min(1, "Please tell us why you are sending the items back.")
    .max(RETURN_REASON_MAX, `Please keep the reason to ${RETURN_REASON_MAX} characters.`),
  /** X-FIT-2: line id → the size wanted instead of a refund; a line not listed is refunded. */
  exchanges: z
    .record(text().trim().max(40), text().trim().max(40))
    .optional()
    .refine(
      (value) => !value || Object.keys(value).length <= MAX_CART_LINES,
      "Too many exchanges.",
    ),
});

async function requestedLineIds(db: Database, lines: readonly OrderLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = await db
    .select({ id: returnRequestLines.orderLineId })
    .from(returnRequestLines)
    .where(
      inArray(
        returnRequestLines.orderLineId,
        lines.map((line) => line.id),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

async function orderView(
  db: Database,
  order: Order,
  now: Date,
  sizesOf: ExchangeSizesOf,
): Promise<Found<{ order: Order; view: ReturnableOrderView; shop: ShopSettings }>> {
  const shop = (await loadCatalogue(db, now.getTime())).settings.settings;
  const window = returnWindow(order, now, {
    days: shop.returns.days,
    email: shop.seller.email,
    deliveryDays: leadTimeMaxDays(methodSetting(order.shippingMethod, shop.delivery).leadTime),
  });
  if (!window.open) return { ok: false, kind: "conflict", message: window.reason };
  const lines = await linesOfOrder(db, order.id);
  const requested = await requestedLineIds(db, lines);
  return {
    ok: true,
    order,
    shop,
    view: {
      orderNumber: order.orderNumber,
      lastDay: window.lastDay,
      countedFrom: window.countedFrom,
      days: window.days,
      lines: lines.map((line) => {
        const refusal = lineRefusal(line, requested.has(line.id));
        return {
          id: line.id,
          productName: line.productName,
          details: choiceDetails(line).join(" · "),
          quantity: line.quantity,
          refusal,
          exchangeSizes: refusal ? [] : sizesOf(line),
        };
      }),
    },
  };
}

/**
 * Step one of /returns/request: the order behind a number and e-mail (both must match), when it
 * can still be returned, with each line tickable or refused with its reason (X-UK-5).
 */
export async function findReturnableOrder(
  db: Database,
  input: unknown,
  now: Date,
  sizesOf: ExchangeSizesOf = NO_EXCHANGES,
): Promise<Found<{ view: ReturnableOrderView }>> {
  const parsed = lookupSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? NOT_FOUND,
    };
  }
  const order = await findOrderForTracking(db, parsed.data.orderNumber, parsed.data.email);
  if (!order) return { ok: false, kind: "not_found", message: NOT_FOUND };
  const found = await orderView(db, order, now, sizesOf);
  return found.ok ? { ok: true, view: found.view } : found;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export interface StoredReturnRequest {
  id: string;
  reference: string;
  orderNumber: string;
  customerEmail: string;
  reason: string;
  lastDay: string;
  /** X-FIT-2: `exchangeSize`, the size asked for instead of a refund (issue 53: its e-mail says so). */
  lines: { productName: string; details: string; quantity: number; exchangeSize?: string | null }[];
}

/**
 * Step two: stores the request for the ticked lines and acknowledges it by e-mail (X-UK-5).
 * Every rule is checked again here; each line can be requested once, even by two requests at the
 * same moment (a unique index decides).
 */
export async function createReturnRequest(
  db: Database,
  input: unknown,
  settings: OwnerNoticeSettings & OriginSettings,
  now: Date,
  sizesOf: ExchangeSizesOf = NO_EXCHANGES,
): Promise<Found<{ request: StoredReturnRequest }>> {
  const parsed = requestSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Bad request.",
    };
  }
  const { orderNumber, email, reason } = parsed.data;
  const order = await findOrderForTracking(db, orderNumber, email);
  if (!order) return { ok: false, kind: "not_found", message: NOT_FOUND };
  const found = await orderView(db, order, now, sizesOf);
  if (!found.ok) return found;

  const wanted = new Set(parsed.data.lineIds);
  const chosen = found.view.lines.filter((line) => wanted.has(line.id));
  if (chosen.length !== wanted.size) {
    return {
      ok: false,
      kind: "invalid_input",
      message: "One of the ticked items is not part of this order.",
    };
  }
  const refused = chosen.find((line) => line.refusal);
  if (refused) {
    return { ok: false, kind: "conflict", message: `${refused.productName}: ${refused.refusal}` };
  }

  const exchanges = parsed.data.exchanges ?? {};
  for (const [lineId, size] of Object.entries(exchanges)) {
    const line = chosen.find((l) => l.id === lineId);
    if (!line) {
      return {
        ok: false,
        kind: "invalid_input",
        message: "Tick the item you want to exchange as well as choosing its new size.",
      };
    }
    if (!line.exchangeSizes.some((s) => s.size === size)) {
      return {
        ok: false,
        kind: "conflict",
        message: `${line.productName}: size ${size} cannot be had now. Please choose another size or a refund.`,
      };
    }
  }
  const lines = chosen.map(({ id, productName, details, quantity }) => ({
    productName,
    details: exchanges[id] ? `${details} · exchange for size ${exchanges[id]}` : details,
    quantity,
    exchangeSize: exchanges[id] ?? null,
  }));
  let request: StoredReturnRequest;
  try {
    // The request and its acknowledgement are written together (X-SCALE-4): no request without
    // its e-mail, no e-mail for a request that was not stored.
    request = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [stored] = await txDb
        .insert(returnRequests)
        .values({ orderId: order.id, reason })
        .returning({ id: returnRequests.id });
      if (!stored) throw new Error("The return request was not stored.");
      await txDb.insert(returnRequestLines).values(
        chosen.map((line) => ({
          returnRequestId: stored.id,
          orderLineId: line.id,
          quantity: line.quantity,
          exchangeSize: exchanges[line.id] ?? null,
        })),
      );
      const created: StoredReturnRequest = {
        id: stored.id,
        reference: returnReference(stored.id),
        orderNumber: order.orderNumber,
        customerEmail: order.customerEmail ?? email,
        reason,
        lastDay: found.view.lastDay,
        lines,
      };
      await enqueueReturnAcknowledgement(txDb, created, found.shop);
      await notifyOwner(
        txDb,
        settings,
        found.shop.seller,
        `return-request:${created.id}`,
        returnRequestNotice(created, canonicalOrigin(settings)),
        created.id,
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return {
        ok: false,
        kind: "conflict",
        message: "A return has already been requested for one of these items.",
      };
    }
    throw error;
  }
  return { ok: true, request };
}

/** The one place a returns acknowledgement is written: to the outbox, in the request's transaction. */
export async function enqueueReturnAcknowledgement(
  tx: Database,
  request: StoredReturnRequest,
  shop: ShopSettings,
): Promise<void> {
  await enqueueMail(
    tx,
    { to: request.customerEmail, ...returnAcknowledgementEmail(request, shop) },
    { dedupeKey: `return-request:${request.id}`, kind: "return-request", ref: request.id },
  );
}

/** A request as the back office lists it (its own page, and on the order). */
export interface ReturnRequestSummary {
  id: string;
  reference: string;
  orderNumber: string;
  customerEmail: string | null;
  customerName: string | null;
  reason: string;
  status: ReturnRequestStatus;
  createdAt: string;
  receivedAt: string | null;
  receivedBy: string | null;
  refundedAt: string | null;
  restockedAt: string | null;
  /** What the returned lines were paid: their price less their share of the order's discount. */
  linesValuePence: number;
  lines: {
    productName: string;
    details: string;
    quantity: number;
    /** X-FIT-2: the size asked for instead of a refund, and what became of it on receipt. */
    exchange: { size: string; status: ExchangeStatus | null } | null;
  }[];
}

/** Return requests, newest first; only one order's with `orderNumber`, one status with `status`. */
/**
 * Open returns: requests still waiting for their items, and (issue 53) received ones whose
 * replacement size has not been sent yet. The back office's navigation and dashboard count them.
 */
export async function countAwaitingReturns(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(
      or(
        eq(returnRequests.status, "requested"),
        and(
          eq(returnRequests.status, "received"),
          exists(
            db
              .select({ one: sql`1` })
              .from(exchangeFulfilments)
              .where(
                and(
                  eq(exchangeFulfilments.returnRequestId, returnRequests.id),
                  inArray(exchangeFulfilments.status, [...EXCHANGES_WAITING]),
                ),
              ),
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** An exchange still to send: its replacement to make or to ship (X-FIT-2). */
export const EXCHANGES_WAITING = ["to_make", "to_ship"] as const;

/** How many replacement sizes wait, to make and to ship: the dashboard adds them to its work. */
export async function countExchangesWaiting(
  db: Database,
): Promise<Record<(typeof EXCHANGES_WAITING)[number], number>> {
  const rows = await db
    .select({ status: exchangeFulfilments.status, n: sql<number>`count(*)::int` })
    .from(exchangeFulfilments)
    .where(inArray(exchangeFulfilments.status, [...EXCHANGES_WAITING]))
    .groupBy(exchangeFulfilments.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { to_make: of("to_make"), to_ship: of("to_ship") };
}

/** Orders with a replacement size waiting at this step, as a condition on `orders` (the order
 *  list's "To make" and "To ship" include them). */
export function orderHasExchangeWaitingSql(status: (typeof EXCHANGES_WAITING)[number]): SQL {
  return sql`EXISTS (SELECT 1 FROM exchange_fulfilments ef WHERE ef.order_id = "orders"."id" AND ef.status = ${status})`;
}

export async function listReturnRequests(
  db: Database,
  filter: { orderNumber?: string; status?: ReturnRequestStatus } = {},
): Promise<ReturnRequestSummary[]> {
  const conditions = [];
  if (filter.orderNumber) {
    const order = await findOrderByNumber(db, filter.orderNumber);
    if (!order) return [];
    conditions.push(eq(returnRequests.orderId, order.id));
  }
  if (filter.status) conditions.push(eq(returnRequests.status, filter.status));
  const found = await db
    .select()
    .from(returnRequests)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(500);
  if (found.length === 0) return [];
  const ordersOf = new Map(
    (
      await ordersByIds(
        db,
        found.map((request) => request.orderId),
      )
    ).map((order) => [order.id, order]),
  );
  const requests = found.map((request) => ({ request, order: ordersOf.get(request.orderId)! }));
  const returnedLines = await db
    .select({
      requestId: returnRequestLines.returnRequestId,
      orderLineId: returnRequestLines.orderLineId,
      returned: returnRequestLines.quantity,
      exchangeSize: returnRequestLines.exchangeSize,
      exchangeStatus: exchangeFulfilments.status,
    })
    .from(returnRequestLines)
    .leftJoin(
      exchangeFulfilments,
      eq(exchangeFulfilments.orderLineId, returnRequestLines.orderLineId),
    )
    .where(
      inArray(
        returnRequestLines.returnRequestId,
        found.map((request) => request.id),
      ),
    );
  const orderLinesOf = new Map(
    (
      await orderLinesByIds(
        db,
        returnedLines.map((row) => row.orderLineId),
      )
    ).map((line) => [line.id, line]),
  );
  // In each order's line order, as the order shows them.
  const lines = returnedLines
    .map(({ orderLineId, ...row }) => ({ ...row, line: orderLinesOf.get(orderLineId)! }))
    .sort((a, b) => a.line.position - b.line.position);
  return requests.map(({ request, order }) => {
    const own = lines.filter((row) => row.requestId === request.id);
    return {
      id: request.id,
      reference: returnReference(request.id),
      orderNumber: order.orderNumber,
      customerEmail: order.customerEmail,
      customerName: order.shippingAddress
        ? `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`
        : null,
      reason: request.reason,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      receivedAt: request.receivedAt?.toISOString() ?? null,
      receivedBy: request.receivedBy,
      refundedAt: request.refundedAt?.toISOString() ?? null,
      restockedAt: request.restockedAt?.toISOString() ?? null,
      // A line exchanged for another size is not refunded (X-FIT-2); one whose size ran out is.
      linesValuePence: returnedValuePence(
        own
          .filter((row) => !row.exchangeSize || row.exchangeStatus === "refund")
          .map(({ line, returned }) => ({
            unitPricePence: line.unitPricePence,
            quantity: returned,
          })),
        order.discountPercent,
      ),
      lines: own.map(({ line, returned, exchangeSize, exchangeStatus }) => ({
        productName: line.productName,
        details: choiceDetails(line).join(" · "),
        quantity: returned,
        exchange: exchangeSize ? { size: exchangeSize, status: exchangeStatus ?? null } : null,
      })),
    };
  });
}

/**
 * The owner marks the goods received (then refunds through the order's refund action). One
 * conditional update: marking twice, or two owners at once, records it once.
 */
export async function markReturnReceived(
  db: Database,
  id: string,
  by: string,
  /** X-FIT-2: run in the same transaction once the return is marked (the flow settles exchanges). */
  onReceived?: (tx: Database) => Promise<void>,
): Promise<Found<{ receivedAt: Date }>> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) {
    return { ok: false, kind: "not_found", message: "There is no such return request." };
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(returnRequests)
      .set({ status: "received", receivedAt: sql`now()`, receivedBy: by })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, "requested")))
      .returning({ receivedAt: returnRequests.receivedAt });
    // Every owner action is on the record (X-OPS-10).
    if (row) {
      // X-FIT-2: asked-for sizes are reserved (or fall back to a refund) with the receipt.
      await onReceived?.(tx as unknown as Database);
      await recordAudit(tx, {
        actor: by,
        action: "return.received",
        subject: `return:${returnReference(id)}`,
        before: { status: "requested" },
        after: { status: "received" },
      });
    }
    return row;
  });
  if (updated?.receivedAt) return { ok: true, receivedAt: updated.receivedAt };
  const [existing] = await db
    .select({ status: returnRequests.status })
    .from(returnRequests)
    .where(eq(returnRequests.id, id));
  return existing
    ? { ok: false, kind: "already_done", message: "This return has already been marked received." }
    : { ok: false, kind: "not_found", message: "There is no such return request." };
}

/** Each field's first message when `values` do not fit `schema`; undefined when they do. */
function fieldErrorsOf(
  schema: z.ZodType,
  values: Record<string, unknown>,
): Record<string, string> | undefined {
  const parsed = schema.safeParse(values);
  if (parsed.success) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export type ReturnRequestStep =
  | {
      step: "find";
      error?: string;
      orderNumber?: string;
      /** What was typed, shown again with a refusal (issue 56, WCAG 3.3.7). */
      email?: string;
      /** Each wrong field's own message (X-A11Y-2): `orderNumber`, `email`. */
      fieldErrors?: Record<string, string>;
    }
  | {
      step: "choose";
      error?: string;
      email: string;
      view: ReturnableOrderView;
      /** Each wrong field's own message (X-A11Y-2): `lineId`, `reason`. */
      fieldErrors?: Record<string, string>;
    }
  | {
      step: "done";
      reference: string;
      orderNumber: string;
      lines: StoredReturnRequest["lines"];
      /** The owner's window (X-OWN-5): days to post the items. */
      days: number;
    };

/**
 * The /returns/request form post (the edge has checked origin, size and the rate limit):
 * `intent` "find" looks the order up, "request" stores the request. Answers the page's next step;
 * a refusal carries the step to show again with its reason.
 */
export async function handleReturnRequestForm(
  db: Database,
  form: FormData,
  settings: OwnerNoticeSettings & OriginSettings,
  now: Date,
  sizesOf: ExchangeSizesOf = NO_EXCHANGES,
): Promise<Result<ReturnRequestStep>> {
  const orderNumber = String(form.get("orderNumber") ?? "").slice(0, 40);
  const email = String(form.get("email") ?? "").slice(0, 300);
  // Every blank or wrong field of the lookup named at once, at its field (issue 56, X-A11Y-2).
  const lookup = fieldErrorsOf(lookupSchema, { orderNumber, email });
  if (lookup) {
    return problem("invalid_input", Object.values(lookup)[0]!, {
      extra: { step: "find", orderNumber, email, fieldErrors: lookup },
    });
  }
  const found = await findReturnableOrder(db, { orderNumber, email }, now, sizesOf);
  if (!found.ok) {
    return problem(found.kind, found.message, { extra: { step: "find", orderNumber, email } });
  }
  if (form.get("intent") !== "request") return done({ step: "choose", email, view: found.view });
  // The items and the reason, both named at once when wrong (issue 56, X-A11Y-2).
  const chosen = fieldErrorsOf(requestSchema.pick({ lineIds: true, reason: true }), {
    lineIds: form.getAll("lineId").map(String),
    reason: String(form.get("reason") ?? ""),
  });
  if (chosen) {
    const fieldErrors = Object.fromEntries(
      Object.entries(chosen).map(([field, message]) => [
        field === "lineIds" ? "lineId" : field,
        message,
      ]),
    );
    return problem("invalid_input", Object.values(chosen)[0]!, {
      extra: { step: "choose", email, view: found.view, fieldErrors },
    });
  }
  const created = await createReturnRequest(
    db,
    {
      orderNumber,
      email,
      lineIds: form.getAll("lineId").map(String),
      // X-FIT-2: a select per line, "exchange-<lineId>": "" for a refund, else the new size.
      exchanges: Object.fromEntries(
        form
          .getAll("lineId")
          .map(String)
          .map((lineId) => [lineId, String(form.get(`exchange-${lineId}`) ?? "")] as const)
          .filter(([, size]) => size !== ""),
      ),
      reason: String(form.get("reason") ?? ""),
    },
    settings,
    now,
    sizesOf,
  );
  if (!created.ok) {
    // Show the order again, as it is now, with the reason.
    const again = await findReturnableOrder(db, { orderNumber, email }, now, sizesOf);
    return again.ok
      ? problem(created.kind, created.message, {
          extra: { step: "choose", email, view: again.view },
        })
      : problem(again.kind, again.message, { extra: { step: "find", orderNumber, email } });
  }
  const { request } = created;
  return done(
    {
      step: "done",
      reference: request.reference,
      orderNumber: request.orderNumber,
      lines: request.lines,
      days: found.view.days,
    },
    { created: true },
  );
}
