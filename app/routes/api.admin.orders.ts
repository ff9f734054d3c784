import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { listOrders, parseOrderFilter } from "~/flows/back-office/back-office.server";
import type { Route } from "./+types/api.admin.orders";

/** GET /api/admin/orders?status=&q=&page= (X-OPS-2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const { orders, total } = await listOrders(dbFrom(context), filter, clockFrom(context).now());
  return Response.json(
    {
      orders: orders.map(({ items: _items, path: _path, team_delivery: _team, ...row }) => row),
      total,
      page: filter.page,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
