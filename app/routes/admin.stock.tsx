import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import { pageEndpoint, refuse, success } from "~/security/edge.server";
import { applyStockForm, listStock } from "~/stock/admin.server";
import { StockTable } from "~/stock/StockTable";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.stock";

export const meta = () => [{ title: "Stock | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  return { products: await listStock(db) };
}

export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "form", limit: 64 * 1024 }, noStore: true },
  async ({ db, body, owner }) => {
    const result = await applyStockForm(db, body, owner!.email);
    if (!result.ok) return refuse(result.status, result.error);
    return success({ message: "Stock saved." });
  },
);

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Stock</h1>
        <p className="mt-1 text-muted">
          A number for what is on the shelf; leave a field empty for made to order (3-6 weeks).
          Pending checkouts have already taken theirs.
        </p>
      </header>
      <ActionOutcome outcome={actionData} />
      <StockTable products={loaderData.products} />
    </div>
  );
}
