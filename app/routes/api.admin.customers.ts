import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { listCustomers, parseCustomerFilter } from "~/flows/back-office/customers.server";
import type { Route } from "./+types/api.admin.customers";

/** GET /api/admin/customers?q=&page=: customers by e-mail with their orders and spend (X-DAY-4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const filter = parseCustomerFilter(new URL(request.url).searchParams);
  const { customers, total, page } = await listCustomers(dbFrom(context), filter);
  return Response.json(
    { customers: customers.map(({ key: _key, ...row }) => row), total, page },
    { headers: { "Cache-Control": "no-store" } },
  );
}
