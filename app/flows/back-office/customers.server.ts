import { and, desc, isNotNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { orders } from "~/orders/schema";
import type { OrderStates } from "~/orders/status";
import { listQueryFields, listQueryFrom } from "~/shared/schemas";
import { CUSTOMERS_PAGE_SIZE } from "~/shared/limits";

/**
 * The shop's customers (X-DAY-4): everyone who has paid for an order, by e-mail address (any
 * case), with their orders, what they spent (totals less refunds) and their last order. Unpaid
 * checkouts do not make a customer.
 */
export interface CustomerRow {
  email: string;
  name: string;
  orders: number;
  totalPence: number;
  lastOrderAt: string;
  /** Names the customer's page (/admin/customers/:key) without the address in the URL. */
  key: string;
}

export const customerFilterSchema = z.object({
  ...listQueryFields,
});
export type CustomerFilter = z.infer<typeof customerFilterSchema>;

export function parseCustomerFilter(params: URLSearchParams): CustomerFilter {
  return customerFilterSchema.parse(listQueryFrom(params));
}

const emailKey = sql<string>`lower(${orders.customerEmail})`;
const nameOf = sql<string>`trim(coalesce(${orders.shippingAddress}->>'firstName', '') || ' ' || coalesce(${orders.shippingAddress}->>'lastName', ''))`;
const keyOf = (email: SQL) =>
  sql<string>`left(encode(sha256(convert_to(${email}, 'UTF8')), 'hex'), 24)`;
const paid = and(isNotNull(orders.paidAt), isNotNull(orders.customerEmail));

/** Customers, the latest to order first, searched by name or e-mail, 50 a page. */
export async function listCustomers(
  db: Database,
  filter: CustomerFilter,
): Promise<{ customers: CustomerRow[]; total: number; page: number; pageSize: number }> {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  // A customer matches when their address or any name they ordered under does.
  const having = pattern
    ? sql`(${emailKey} ILIKE ${pattern} OR bool_or(${nameOf} ILIKE ${pattern}))`
    : undefined;
  const grouped = db
    .select({
      email: sql<string>`lower(${orders.customerEmail})`.as("email"),
      name: sql<string>`(array_agg(${nameOf} ORDER BY ${orders.paidAt} DESC))[1]`.as("name"),
      orders: sql<number>`count(*)::int`.as("orders"),
      totalPence: sql<number>`sum(${orders.totalPence} - ${orders.refundedPence})::int`.as(
        "total_pence",
      ),
      lastOrderAt: sql<string>`max(${orders.createdAt})`.as("last_order_at"),
      key: sql<string>`${keyOf(emailKey)}`.as("key"),
    })
    .from(orders)
    .where(paid)
    .groupBy(emailKey)
    .having(having)
    .as("customers");
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(grouped)
      .orderBy(desc(grouped.lastOrderAt), grouped.email)
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((filter.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(grouped),
  ]);
  return {
    customers: rows.map((r) => ({
      email: r.email,
      name: r.name,
      orders: Number(r.orders),
      totalPence: Number(r.totalPence),
      lastOrderAt: new Date(r.lastOrderAt).toISOString(),
      key: r.key,
    })),
    total: Number(counted?.n ?? 0),
    page: filter.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

export interface CustomerOrder extends OrderStates {
  orderNumber: string;
  totalPence: number;
  refundedPence: number;
  createdAt: string;
  shippingMethod: string;
}

/** One customer with every order they paid for, newest first; undefined for an unknown key. */
export async function customerByKey(
  db: Database,
  key: string,
): Promise<{ customer: CustomerRow; orders: CustomerOrder[] } | undefined> {
  if (!/^[0-9a-f]{24}$/.test(key)) return undefined;
  const rows = await db
    .select({
      email: emailKey,
      name: nameOf,
      orderNumber: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      createdAt: orders.createdAt,
      shippingMethod: orders.shippingMethod,
    })
    .from(orders)
    .where(and(paid, sql`${keyOf(emailKey)} = ${key}`))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  const latest = rows[0];
  if (!latest) return undefined;
  return {
    customer: {
      email: latest.email,
      name: latest.name,
      orders: rows.length,
      totalPence: rows.reduce((sum, r) => sum + r.totalPence - r.refundedPence, 0),
      lastOrderAt: latest.createdAt.toISOString(),
      key,
    },
    orders: rows.map((r) => ({
      orderNumber: r.orderNumber,
      paymentStatus: r.paymentStatus,
      fulfilmentStatus: r.fulfilmentStatus,
      totalPence: r.totalPence,
      refundedPence: r.refundedPence,
      createdAt: r.createdAt.toISOString(),
      shippingMethod: r.shippingMethod,
    })),
  };
}
