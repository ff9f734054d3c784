import { requireOwner } from "~/owners/guard.server";
import { createProduct, listOwnerProducts } from "~/catalogue/editing/products.server";
import { BAD_SEARCH } from "~/catalogue/editing/product-input";
import { clockFrom, dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import { jsonError } from "~/security/request.server";
import { hasControlCharacters } from "~/shared/control-characters";
import type { Route } from "./+types/api.admin.products";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/products?status=&category=&q=&page= (X-CAT-2): 50 a page, with the total. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const params = new URL(request.url).searchParams;
  if (hasControlCharacters(params.get("q") ?? "")) return jsonError(BAD_SEARCH, 400);
  const { products, total } = await listOwnerProducts(dbFrom(context), {
    status: params.get("status") ?? undefined,
    category: params.get("category") ?? undefined,
    q: params.get("q") ?? undefined,
    page: Number(params.get("page") ?? 1),
  });
  return Response.json({ products, total }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/products: 201 the product; 409 when the id exists; 400 with a sentence. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.document },
    noStore: true,
  },
  ({ db, body, owner, context }) => createProduct(db, body, owner!.email, clockFrom(context).now()),
);
