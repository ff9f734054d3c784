import { catalogueFrom } from "~/catalogue/store.server";
import { suggestProducts } from "~/search/search";
import type { Route } from "./+types/api.search";
import { SEARCH_QUERY_MAX } from "~/shared/limits";

/** GET /api/search?q=…: the header's product suggestions (S-SRCH-2), at most three. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, SEARCH_QUERY_MAX);
  const catalogue = await catalogueFrom(context);
  return Response.json(
    { results: suggestProducts(catalogue.products, q) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
