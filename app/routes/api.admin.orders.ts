import { requireOwner } from "~/admin/guard.server";
import { getDb } from "~/db/client.server";
import { listOrders, parseOrderFilter } from "~/orders/back-office.server";
import type { Route } from "./+types/api.admin.orders";

/** GET /api/admin/orders?status=&q=&page= (X-OPS-2). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request, "api");
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const { orders, total } = await listOrders(await getDb(), filter);
  return Response.json(
    {
      orders: orders.map(({ items: _items, ...row }) => row),
      total,
      page: filter.page,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
