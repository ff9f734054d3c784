import { redirect } from "react-router";
import { requireOwner } from "~/admin/guard.server";
import { signOut } from "~/admin/session-actions.server";
import type { Route } from "./+types/admin.logout";

/** POST /admin/logout: ends the owner's session. */
export async function action({ request }: Route.ActionArgs) {
  const owner = await requireOwner(request, "page");
  return signOut(request, owner.email);
}

export function loader() {
  return redirect("/admin/orders");
}
