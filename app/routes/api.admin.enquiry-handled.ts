import { markEnquiryHandled } from "~/enquiries/admin.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** POST /api/admin/enquiries/:id/handled (X-OPS-8); no body needed. */
export const action = endpoint(
  { sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner }) => markEnquiryHandled(db, params.id ?? "", owner!.email),
);

export const loader = writeOnly();
