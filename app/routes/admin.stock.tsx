import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import { pageEndpoint, refuse, success } from "~/security/edge.server";
import { applyStockForm, listStock } from "~/stock/admin.server";
import { StockTable } from "~/stock/StockTable";
import type { Route } from "./+types/admin.stock";

export const meta = () => [{ title: "Stock | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", db);
  return { products: await listStock(db) };
}

export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "form", limit: 64 * 1024 }, noStore: true },
  async ({ db, body, owner }) => {
    const result = await applyStockForm(db, body, owner!.email);
    if (!result.ok) return refuse(result.status, result.error);
    return success({ saved: result.saved, error: undefined as string | undefined });
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
      {actionData?.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          {actionData.error}
        </p>
      ) : actionData && "saved" in actionData ? (
        <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-800">
          Stock saved.
        </p>
      ) : null}
      <StockTable products={loaderData.products} />
    </div>
  );
}
