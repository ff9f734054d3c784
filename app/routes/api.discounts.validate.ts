import { z } from "zod";
import { dbFrom } from "~/db/context.server";
import { findDiscount } from "~/orders/discounts.server";
import { isSameOrigin, jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.discounts.validate";

const bodySchema = z.object({ code: z.string().max(200) });

/** POST /api/discounts/validate {code} → {code, percent} or 404 "Invalid discount code." */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  if (!isSameOrigin(request)) return jsonError("Cross-site requests are not allowed.", 403);
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return jsonError('Send the code as {"code": "…"}.', 400);
  const discount = await findDiscount(dbFrom(context), parsed.data.code);
  if (!discount) return jsonError("Invalid discount code.", 404);
  return Response.json(discount);
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
