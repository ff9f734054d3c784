import { Form } from "react-router";
import { FEW_LEFT, type ProductStock } from "./stock";
import { stockFieldName, variantLabel } from "./stock-form";

function status(quantity: number | null): string {
  if (quantity === null) return "Made to order";
  if (quantity === 0) return "Sold out";
  return `${quantity} in stock`;
}

/**
 * /admin/stock (X-STK-1): a table per product, a number or "Made to order" (empty) per variant.
 * Each table is a form that posts productId and one field per variant (stockFieldName) to the
 * page's action, which hands it to applyStockForm. Works without JavaScript.
 */
export function StockTable({
  products,
  action,
}: {
  products: readonly ProductStock[];
  /** Where the forms post; the page's own URL by default. */
  action?: string;
}) {
  return (
    <div className="space-y-8">
      {products.map((product) => {
        const captionId = `stock-${product.productId}`;
        return (
          <Form
            key={product.productId}
            method="post"
            action={action}
            aria-labelledby={captionId}
            className="rounded-lg bg-white p-5 ring-1 ring-black/5"
          >
            <input type="hidden" name="productId" value={product.productId} />
            <table className="w-full text-left text-sm">
              <caption id={captionId} className="mb-3 text-left">
                <span className="block font-display text-xl font-bold uppercase">
                  {product.productName}
                </span>
                <span className="text-muted">
                  A number is what is left to sell; leave it empty for made to order.
                </span>
              </caption>
              <thead>
                <tr className="border-b border-stone">
                  <th scope="col" className="py-2 pr-4">
                    Variant
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Now
                  </th>
                  <th scope="col" className="py-2">
                    Quantity
                  </th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => {
                  const label = variantLabel(variant);
                  const field = stockFieldName(variant);
                  const few = variant.quantity !== null && variant.quantity <= FEW_LEFT;
                  return (
                    <tr key={field} className="border-b border-stone/60 last:border-0">
                      <th scope="row" className="py-2 pr-4 font-medium">
                        {label}
                      </th>
                      <td
                        className={`py-2 pr-4 ${few ? "font-semibold text-accent" : "text-muted"}`}
                      >
                        {status(variant.quantity)}
                      </td>
                      <td className="py-2">
                        <input
                          type="number"
                          name={field}
                          min={0}
                          step={1}
                          inputMode="numeric"
                          defaultValue={variant.quantity ?? ""}
                          placeholder="Made to order"
                          aria-label={`Quantity of ${product.productName}, ${label}`}
                          className="w-36 rounded border border-ink/30 bg-white px-2 py-1"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <button
              type="submit"
              className="mt-4 rounded bg-ink px-5 py-2 font-semibold text-paper hover:bg-ink-soft"
            >
              Save {product.productName}
            </button>
          </Form>
        );
      })}
    </div>
  );
}
