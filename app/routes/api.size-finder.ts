import { findProduct } from "~/catalogue/catalogue";
import { readMeasures } from "~/catalogue/fit";
import { sizeFinderAnswer } from "~/catalogue/fit-answer";
import { catalogueFrom } from "~/catalogue/store.server";
import { fitChartsOf } from "~/catalogue/fit.server";
import { dbFrom } from "~/db/context.server";
import { statusOf } from "~/security/edge.server";
import type { Route } from "./+types/api.size-finder";

/**
 * GET /api/size-finder?productId=&optionType=&heightCm=&weightKg=&chestCm=&waistCm=&ageYears=
 * (X-FIT-1): `{size, between, note}` from the product's own chart; 400 with a sentence for a
 * missing or absurd measure, 404 for a product or option without a chart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const catalogue = await catalogueFrom(context);
  const productId = query.get("productId") ?? "";
  const product = productId ? findProduct(catalogue, productId) : undefined;
  const found = sizeFinderAnswer(
    product,
    product ? await fitChartsOf(dbFrom(context), product.id) : new Map(),
    query.get("optionType"),
    readMeasures((name) => query.get(name)),
  );
  const headers = { "Cache-Control": "no-store" };
  if (!found.ok) {
    const error = productId ? found.message : "Please say which product (productId).";
    // Each wrong measure by name too (issue 56): the page marks its fields.
    const fieldErrors = productId ? found.extra?.fieldErrors : undefined;
    return Response.json(fieldErrors ? { error, fieldErrors } : { error }, {
      status: productId ? statusOf(found) : 400,
      headers,
    });
  }
  const { size, between, note } = found.data;
  return Response.json({ size, between, note }, { headers });
}
