import { dbFrom } from "~/db/context.server";
import { createCheckoutSession } from "~/checkout/create-session.server";
import { isSameOrigin, jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.create-checkout-session";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  if (!isSameOrigin(request)) return jsonError("Cross-site requests are not allowed.", 403);
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return createCheckoutSession(dbFrom(context), request, body.value);
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
