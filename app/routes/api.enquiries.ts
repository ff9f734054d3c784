import { dbFrom } from "~/db/context.server";
import { guardEnquiry, receiveEnquiry } from "~/enquiries/enquiries.server";
import { jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.enquiries";

/** POST /api/enquiries: a customisation enquiry, JSON in, 201 out (X-INFO-1). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return jsonError("Use POST to send an enquiry.", 405, { Allow: "POST" });
  }
  const refused = await guardEnquiry(dbFrom(context), request);
  if (refused && !refused.ok) {
    return Response.json(
      { error: refused.error },
      {
        status: refused.status,
        headers: refused.retryAfter ? { "Retry-After": String(refused.retryAfter) } : undefined,
      },
    );
  }
  const body = await readJsonBody(request, 16 * 1024);
  if (!body.ok) return body.response;
  const outcome = await receiveEnquiry(dbFrom(context), body.value);
  if (!outcome.ok) {
    return Response.json(
      { error: outcome.error, fieldErrors: outcome.fieldErrors },
      { status: outcome.status },
    );
  }
  return Response.json({ ok: true, id: outcome.id }, { status: 201 });
}

export function loader() {
  return jsonError("Use POST to send an enquiry.", 405, { Allow: "POST" });
}
