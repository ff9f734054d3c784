import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { changeNote } from "~/teams/store-controls.server";

/** POST /api/admin/teams/:slug/note {note}: the owner's note to members, at any time (issue 41). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, params, body, owner }) => changeNote(db, params.slug ?? "", body, owner!.email),
);

export const loader = writeOnly();
