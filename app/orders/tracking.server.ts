import { z } from "zod";
import { choiceDetails } from "~/catalogue/options";
import type { Database } from "~/db/client.server";
import { rateLimitStore, takeRateLimit } from "~/security/rate-limit-stores.server";
import { findOrderForTracking, linesOfOrder } from "./orders.server";

const lookupSchema = z.object({
  order: z.string().trim().min(1).max(20),
  email: z.string().trim().min(3).max(254),
});

// Order numbers are sequential, so lookups are limited per address to stop guessing; counted
// for every process together (X-SCALE-2).
const LOOKUPS_PER_MINUTE = 20;

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
      lines: { id: string; productName: string; details: string; quantity: number }[];
    };

/**
 * Order tracking (X-INFO-2): an order's status and lines when its number and e-mail both match.
 * The same answer whether the number exists or not: nothing is revealed without the e-mail.
 */
export async function trackOrder(
  db: Database,
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
  const limit = await takeRateLimit(
    rateLimitStore(db),
    `tracking:${address}`,
    LOOKUPS_PER_MINUTE,
    60_000,
  );
  if (!limit.allowed) {
    return {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
      result: { found: false, message: "Too many lookups. Please wait a minute and try again." },
    };
  }
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
      lines: lines.map((line) => ({
        id: line.id,
        productName: line.productName,
        details: choiceDetails(line).join(" · "),
        quantity: line.quantity,
      })),
    },
  };
}
