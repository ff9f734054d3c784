import { redirect } from "react-router";
import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import type { Route } from "./+types/admin.index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", dbFrom(context));
  return redirect("/admin/orders");
}
