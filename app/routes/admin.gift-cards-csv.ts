import { clockFrom, dbFrom } from "~/db/context.server";
import { giftCardsCsv } from "~/giftcards/admin.server";
import { requireOwner } from "~/owners/guard.server";
import { shopDay } from "~/shared/gift-cards";
import type { Route } from "./+types/admin.gift-cards-csv";

/** GET /admin/gift-cards.csv (X-GIFT-6): every card and the outstanding total. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const today = shopDay(clockFrom(context).now());
  return new Response(await giftCardsCsv(dbFrom(context), today), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gift-cards-${today}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
