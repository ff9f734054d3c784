import { seeded } from "~/catalogue/seed/catalogue";
import { eq, sql } from "drizzle-orm";
import { testDb } from "./shop";
import {
  type FulfilmentStatus,
  type OrderStatus,
  orders,
  type PaymentStatus,
} from "~/db/schema";
import { createPendingOrder, markOrderPaid, type Order } from "~/orders/orders.server";
import { action as loginAction } from "~/routes/admin.login";
import { call } from "./helpers";

export const OWNER = { email: "owner@griptruth.test", password: "correct horse battery" };

/** A paid order with a gi carrying a custom name and a water bottle, as checkout would store it. */
export async function paidOrder(
  over: { email?: string; firstName?: string; lastName?: string; provider?: "sandbox" | "stripe"; reference?: string } = {},
): Promise<Order> {
  const db = await testDb();
  const lines = [
    {
      productId: "mens-grip-truth-bjj-gi",
      productName: "Mens Grip Truth BJJ Gi",
      optionType: "Gi",
      size: "A2",
      customText: "=SILVA",
      nameCustomisation: true,
      quantity: 1,
      unitPricePence: 9499,
    },
    {
      productId: "water-bottle",
      productName: "Water Bottle",
      optionType: "Standard",
      size: "N/A",
      quantity: 2,
      unitPricePence: 1299,
    },
  ];
  const subtotal = 9499 + 2 * 1299;
  const order = await createPendingOrder(db, {
    lines,
    totals: { subtotalPence: subtotal, shippingPence: 1197, discountPence: 1210, totalPence: subtotal + 1197 - 1210 },
    discount: { code: "SAVE10", percent: 10 },
    provider: over.provider ?? "sandbox",
    shippingMethod: "uk-standard",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    now: new Date(),
    stockLookup: (id) => seeded(id),
    vatLookup: (id) => seeded(id),
  });
  const address = {
    firstName: over.firstName ?? "Ana",
    lastName: over.lastName ?? "Silva",
    address: "1 Beach Road",
    city: "Redcar",
    postcode: "TS10 1AA",
    country: "United Kingdom",
  };
  const { order: paid } = await markOrderPaid(db, order.id, {
    customerEmail: over.email ?? "ana@example.com",
    customerPhone: "07700 900123",
    shippingAddress: address,
    billingAddress: address,
    cardBrand: "visa",
    cardLast4: "4242",
    paymentReference: over.reference ?? "sandbox_ref",
  });
  return paid!;
}

/** The two states (X-ORD-1) an order in one of the older one-value statuses has. */
export function statesFor(status: OrderStatus): {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
} {
  switch (status) {
    case "pending":
    case "failed":
    case "refunded":
    case "partly_refunded":
      return { paymentStatus: status, fulfilmentStatus: "unfulfilled" };
    case "paid":
      return { paymentStatus: "paid", fulfilmentStatus: "unfulfilled" };
    default:
      return { paymentStatus: "paid", fulfilmentStatus: status };
  }
}

/** Puts an order straight into a status (for the transition matrix). */
export async function forceStatus(orderId: string, status: OrderStatus) {
  const db = await testDb();
  await db
    .update(orders)
    .set({
      ...statesFor(status),
      paidAt:
        status === "pending" || status === "failed"
          ? null
          : sql`coalesce(${orders.paidAt}, now())`,
    })
    .where(eq(orders.id, orderId));
}

export function loginForm(email: string, password: string) {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  return form;
}

/** Signs in through the login form; the session cookie to send back ("gt_owner=…"). */
export async function signInCookie(
  email = OWNER.email,
  password = OWNER.password,
  address = "203.0.113.9",
): Promise<string> {
  const response = await call(loginAction, "/admin/login", {
    method: "POST",
    body: loginForm(email, password),
    headers: { "x-client-address": address },
  });
  if (response.status !== 302) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}
