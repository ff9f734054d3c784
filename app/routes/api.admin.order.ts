import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { orderDetail } from "~/flows/back-office/back-office.server";
import { orderJson } from "~/flows/back-office/back-office-json";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.admin.order";

/** GET /api/admin/orders/:orderNumber: the order with its lines, history and refunds (X-OPS-3). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const detail = await orderDetail(dbFrom(context), params.orderNumber, clockFrom(context).now());
  if (!detail) return jsonError("No order has that number.", 404);
  return Response.json(orderJson(detail.order, detail), {
    headers: { "Cache-Control": "no-store" },
  });
}
