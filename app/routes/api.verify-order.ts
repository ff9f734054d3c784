import { z } from "zod";
import { currentOrderForSession } from "~/checkout/verify.server";
import { getDb } from "~/db/client.server";
import { orderReceipt } from "~/orders/receipt.server";
import { jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.verify-order";

const bodySchema = z.object({ sessionId: z.string().trim().min(1).max(255) });

/** POST /api/verify-order {sessionId}: answers from the stored order (S-CHK-6, X-CHK-4). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) {
    return Response.json({ success: false, error: "A sessionId is required." }, { status: 400 });
  }
  let order;
  try {
    order = await currentOrderForSession(await getDb(), parsed.data.sessionId);
  } catch (error) {
    console.error("Order verification failed:", error);
    return Response.json(
      { success: false, error: "The order could not be verified right now." },
      { status: 502 },
    );
  }
  if (!order) {
    return Response.json({ success: false, error: "No order has that session." }, { status: 404 });
  }
  return Response.json({
    success: order.status === "paid",
    session: {
      amount_total: order.totalPence,
      currency: order.currency,
      customer_email: order.customerEmail,
      order_number: order.orderNumber,
      status: order.status,
    },
    receipt: order.status === "paid" ? await orderReceipt(await getDb(), order) : null,
  });
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
