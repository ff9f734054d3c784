import { clockFrom } from "~/db/context.server";
import { removeOwner } from "~/owners/staff.server";
import { endpoint, writeOnly } from "~/security/edge.server";

export const loader = writeOnly(["DELETE"]);

/**
 * DELETE /api/admin/owners/:id (X-DAY-4, X-SEC-17): removes the owner, ends their sessions and
 * revokes every invitation and reset link they sent; 409 for yourself or the last owner.
 */
export const action = endpoint(
  { methods: ["DELETE"], sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner, context }) =>
    removeOwner(db, params.id ?? "", owner!, clockFrom(context).now()),
);
