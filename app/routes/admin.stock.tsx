import { Form } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { pageEndpoint, success } from "~/security/edge.server";
import { applyStockForm, stockPage } from "~/stock/admin.server";
import { StockTable } from "~/stock/StockTable";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import type { Route } from "./+types/admin.stock";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "Stock | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return stockPage(
    dbFrom(context),
    new URL(request.url).searchParams.get("q"),
    clockFrom(context).now(),
  );
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.document },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const result = await applyStockForm(db, body, clockFrom(context).now(), owner!.email);
    if (!result.ok) return result;
    return success({ message: "Stock saved.", productId: String(body.get("productId") ?? "") });
  },
);

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { products, q, total, waiting } = loaderData;
  const saved = actionData && "productId" in actionData ? [actionData.productId] : [];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Stock</h1>
        <p className="mt-1 text-muted">
          A number for what is on the shelf; leave a field empty for made to order (3-6 weeks).
          Pending checkouts have already taken theirs. Open a product to change it.
        </p>
      </header>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <Field label="Search products" name="q" type="search" defaultValue={q} className="grow" />
        <Button variant="secondary">Search</Button>
      </Form>
      <p role="status" className="text-sm text-muted">
        {q ? `${products.length} of ${total} products match “${q}”.` : `${total} products.`}
      </p>
      <ActionOutcome outcome={actionData} />
      <StockTable
        products={products}
        waiting={waiting}
        open={q ? products.map((p) => p.productId) : saved}
      />
    </div>
  );
}
