import { clockFrom } from "~/db/context.server";
import { cancelInvitation } from "~/owners/staff.server";
import { endpoint, writeOnly } from "~/security/edge.server";

export const loader = writeOnly(["DELETE"]);

/**
 * DELETE /api/admin/owners/invitations/:id (X-SEC-17): cancels an open invitation; its link is
 * refused from now on. 404 with a sentence when it was used, cancelled or has expired.
 */
export const action = endpoint(
  { methods: ["DELETE"], sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner, context }) =>
    cancelInvitation(db, params.id ?? "", owner!, clockFrom(context).now()),
);
