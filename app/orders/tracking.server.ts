import { z } from "zod";
import { choiceDetails } from "~/catalogue/options";
import { getDb } from "~/db/client.server";
import { SHIPPING_METHODS } from "~/pricing/shipping";
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

const STATUS_TEXT: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid: being prepared",
  failed: "Payment failed",
  cancelled: "Cancelled",
};

export type TrackingResult =
  | { found: false; message: string }
  | {
      found: true;
      orderNumber: string;
      status: string;
      placed: string;
      totalPence: number;
      /** The delivery chosen at checkout (X-UK-1). */
      delivery: string;
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
      placed: order.createdAt.toISOString(),
      totalPence: order.totalPence,
      delivery: SHIPPING_METHODS[order.shippingMethod].label,
      lines: lines.map((line) => ({
        id: line.id,
        productName: line.productName,
        details: choiceDetails(line).join(" · "),
        quantity: line.quantity,
      })),
    },
  };
}
