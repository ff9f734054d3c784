import { redirect } from "react-router";
import { OWNER_HOME } from "~/owners/guard.server";
import { signOut } from "~/owners/session-actions.server";
import { ownerSessionsFrom } from "~/owners/session.server";
import { pageEndpoint } from "~/security/edge.server";

/** POST /admin/logout: ends the owner's session. */
export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "none" } },
  async ({ db, request, owner, context }) => {
    throw await signOut(db, request, owner!.email, ownerSessionsFrom(context));
  },
);

export function loader() {
  return redirect(OWNER_HOME);
}
