import { requireOwner } from "~/owners/guard.server";
import {
  archiveProduct,
  readOwnerProduct,
  updateProduct,
} from "~/catalogue/editing/products.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.product";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/products/:id: the product with its options and `version` (X-CAT-2). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const product = await readOwnerProduct(dbFrom(context), params.id);
  return product
    ? Response.json(product, { headers: { "Cache-Control": "no-store" } })
    : Response.json({ error: `No product has the id "${params.id}".` }, { status: 404 });
}

/** PUT (any fields and the `version` edited; 409 when stale) or DELETE (archives it). */
export const action = endpoint(
  {
    methods: ["PUT", "DELETE"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "raw", limit: BODY_LIMITS.document },
    noStore: true,
  },
  async ({ db, request, params, body, owner, context }) => {
    const id = params.id ?? "";
    if (request.method === "DELETE") return archiveProduct(db, id, owner!.email);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return Response.json({ error: "The request body must be valid JSON." }, { status: 400 });
    }
    return updateProduct(db, id, json, owner!.email, clockFrom(context).now());
  },
);
