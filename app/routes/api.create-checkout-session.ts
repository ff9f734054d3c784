import { partsFrom } from "~/flows/parts.server";
import { createCheckoutSession } from "~/flows/checkout/create-session.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";

export const action = endpoint(
  { sameOrigin: true, body: { kind: "json", limit: 64 * 1024 }, rateLimit: QUOTAS.checkout },
  ({ db, body, address, context }) => createCheckoutSession(db, body, address, partsFrom(context)),
);

export const loader = writeOnly();
