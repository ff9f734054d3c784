import { settingsFrom } from "~/db/context.server";
import { receiveEnquiry } from "~/enquiries/enquiries.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/enquiries: a customisation enquiry, JSON in, 201 out (X-INFO-1). */
export const action = endpoint(
  {
    sameOrigin: true,
    crossSite: "Enquiries can only be sent from this shop's pages.",
    body: { kind: "json", limit: BODY_LIMITS.form },
    rateLimit: QUOTAS.enquiry,
  },
  ({ db, body, context }) => receiveEnquiry(db, body, settingsFrom(context)),
);

export const loader = writeOnly(["POST"], "Use POST to send an enquiry.");
