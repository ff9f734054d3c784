import { z } from "zod";
import { choiceDetails } from "~/catalogue/options";
import { getDb } from "~/db/client.server";
import type { OrderStatus } from "~/db/schema";
import { RateLimiter } from "~/security/rate-limit.server";
import { findOrderForTracking, linesOfOrder } from "./orders.server";

const lookupSchema = z.object({
  order: z.string().trim().min(1).max(20),
  email: z.string().trim().min(3).max(254),
});

// Order numbers are sequential, so lookups are limited per address to stop guessing.
const lookups = new RateLimiter(20, 60_000);

const NOT_FOUND =
  "We couldn't find an order with that number and e-mail address. Please check both and try again.";

/** What the customer reads for each status (X-OPS-4); the owner's labels are in ./status. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid: being prepared",
  failed: "Payment failed",
  cancelled: "Cancelled",
  in_production: "In production: being made for you",
  dispatched: "Dispatched",
  delivered: "Delivered",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};

export type TrackingResult =
  | { found: false; message: string }
  | {
      found: true;
      orderNumber: string;
      status: string;
      /** The status's code (paid, in_production, dispatched, …) for scripts and tests. */
      statusCode: string;
      /** Once dispatched: who carries it and its tracking number. */
      carrier: string | null;
      trackingNumber: string | null;
      placed: string;
      totalPence: number;
      lines: { id: string; productName: string; details: string; quantity: number }[];
    };

/**
 * Order tracking (X-INFO-2): an order's status and lines when its number and e-mail both match.
 * The same answer whether the number exists or not: nothing is revealed without the e-mail.
 */
export async function trackOrder(
  query: { order: string; email: string },
  address: string,
): Promise<{ status: number; headers?: HeadersInit; result: TrackingResult }> {
  const parsed = lookupSchema.safeParse(query);
  if (!parsed.success) {
    return {
      status: 400,
      result: { found: false, message: "Enter your order number and e-mail address." },
    };
  }
  if (!lookups.take(address)) {
    return {
      status: 429,
      headers: { "Retry-After": String(lookups.retryAfterSeconds(address)) },
      result: { found: false, message: "Too many lookups. Please wait a minute and try again." },
    };
  }
  const db = await getDb();
  const order = await findOrderForTracking(db, parsed.data.order, parsed.data.email);
  if (!order) return { status: 200, result: { found: false, message: NOT_FOUND } };
  const lines = await linesOfOrder(db, order.id);
  return {
    status: 200,
    result: {
      found: true,
      orderNumber: order.orderNumber,
      status: STATUS_TEXT[order.status] ?? order.status,
      statusCode: order.status,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      placed: order.createdAt.toISOString(),
      totalPence: order.totalPence,
      lines: lines.map((line) => ({
        id: line.id,
        productName: line.productName,
        details: choiceDetails(line).join(" · "),
        quantity: line.quantity,
      })),
    },
  };
}
