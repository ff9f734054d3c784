import { z } from "zod";
import { trackingUrl } from "~/shared/carriers";
import { choiceDetails } from "~/catalogue/options";
import type { Database } from "~/db/client.server";
import { deliveryLabel } from "./delivery-label";
import { loadCatalogue } from "~/catalogue/store.server";
import { done, problem, type Result } from "~/shared/problems";
import { text } from "~/shared/text";
import type { OrderStatus } from "./schema";
import { findOrderForTracking, linesOfOrder } from "./orders.server";
import { progressStatus } from "./status";
import { EMAIL_MAX, ORDER_NUMBER_MAX } from "~/shared/limits";

const lookupSchema = z.object({
  order: text({ error: "Enter your order number." })
    .trim()
    .min(1, "Enter your order number.")
    .max(ORDER_NUMBER_MAX, "That is not an order number."),
  email: text({ error: "Enter the e-mail address you ordered with." })
    .trim()
    .min(3, "Enter the e-mail address you ordered with.")
    .max(EMAIL_MAX, "That e-mail address is too long."),
});

const NOT_FOUND =
  "We couldn't find an order with that number and e-mail address. Please check both and try again.";

/** What the customer reads for each status (X-OPS-4); the owner's labels are in ./status. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid: being prepared",
  failed: "Payment failed",
  cancelled: "Cancelled",
  in_production: "In production: being made for you",
  made: "Made: being packed to send",
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
      /** The parcel on the carrier's site (X-DAY-5); null for Other. */
      trackingUrl: string | null;
      placed: string;
      totalPence: number;
      /** The delivery chosen at checkout (X-UK-1). */
      delivery: string;
      lines: { id: string; productName: string; details: string; quantity: number }[];
    };

/**
 * Order tracking (X-INFO-2), posted as a form so the e-mail stays out of URLs and logs
 * (X-SEC-7); order numbers are sequential, so the edge limits lookups per address. An order's
 * status and lines when its number and e-mail both match; the same answer whether the number
 * exists or not: nothing is revealed without the e-mail.
 */
export async function trackOrder(
  db: Database,
  form: FormData,
  now: Date,
): Promise<Result<{ result: TrackingResult; query: { order: string; email: string } }>> {
  const query = {
    order: String(form.get("order") ?? "").slice(0, 40),
    email: String(form.get("email") ?? "").slice(0, 300),
  };
  const parsed = lookupSchema.safeParse(query);
  if (!parsed.success) {
    // Each wrong field named at its field, what was typed kept (issue 56, X-A11Y-2).
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return problem("invalid_input", "Enter your order number and e-mail address.", {
      extra: { query, fieldErrors },
    });
  }
  const order = await findOrderForTracking(db, parsed.data.order, parsed.data.email);
  if (!order) return done({ query: parsed.data, result: { found: false, message: NOT_FOUND } });
  const lines = await linesOfOrder(db, order.id);
  return done({
    query: parsed.data,
    result: {
      found: true,
      orderNumber: order.orderNumber,
      status: STATUS_TEXT[progressStatus(order)],
      statusCode: progressStatus(order),
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
      placed: order.createdAt.toISOString(),
      totalPence: order.totalPence,
      delivery: deliveryLabel(
        order,
        (await loadCatalogue(db, now.getTime())).settings.settings.delivery,
      ),
      lines: lines.map((line) => ({
        id: line.id,
        productName: line.productName,
        details: choiceDetails(line).join(" · "),
        quantity: line.quantity,
      })),
    },
  });
}
