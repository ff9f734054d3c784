import { stockLevels } from "~/stock/stock.server";
import { getDb } from "~/db/client.server";

/** GET /api/stock: what is left of each stocked variant (the rest is made to order), for cart lead times. */
export async function loader() {
  try {
    return Response.json(
      { levels: await stockLevels(await getDb()) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error("Could not read stock levels:", error);
    return Response.json({ error: "Stock levels are not available right now." }, { status: 503 });
  }
}
