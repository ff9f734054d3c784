import { redirect } from "react-router";
import { requireOwner } from "~/admin/guard.server";
import type { Route } from "./+types/admin.index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return redirect("/admin/orders");
}
