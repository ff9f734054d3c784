import { catalogueFrom } from "~/catalogue/store.server";
import { dbFrom } from "~/db/context.server";
import { stockAnswer } from "~/stock/stock.server";
import type { Route } from "./+types/api.stock";
import { logError } from "~/security/log.server";

/** GET /api/stock: what is left of each stocked variant (the rest is made to order), for cart lead times. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return Response.json(await stockAnswer(dbFrom(context), await catalogueFrom(context)), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    logError("Could not read stock levels", error);
    return Response.json({ error: "Stock levels are not available right now." }, { status: 503 });
  }
}
