import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { endpoint, success } from "~/security/edge.server";
import { listStock, setVariantStock } from "~/stock/admin.server";
import type { Route } from "./+types/api.admin.stock";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/stock: every product's variants and their stock (X-STK-1). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "api", context);
  return Response.json(await listStock(db, clockFrom(context).now()), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** PUT /api/admin/stock {productId, optionType, size, color?, quantity: number | null}. */
export const action = endpoint(
  {
    methods: ["PUT"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const result = await setVariantStock(db, body, clockFrom(context).now(), owner!.email);
    return result.ok ? success(result.variant) : result;
  },
);
