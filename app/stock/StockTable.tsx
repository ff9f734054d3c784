import { Form } from "react-router";
import { type ProductStock, variantKey } from "./stock";
import { stockFieldName, variantLabel } from "./stock-form";
import { FEW_LEFT } from "~/shared/limits";

function status(quantity: number | null): string {
  if (quantity === null) return "Made to order";
  if (quantity === 0) return "Sold out";
  return `${quantity} in stock`;
}

/**
 * /admin/stock (X-STK-1): a table per product, a number or "Made to order" (empty) per variant,
 * each product a collapsed <details> whose summary says how much is stocked and low.
 * Each table is a form that posts productId and one field per variant (stockFieldName) to the
 * page's action, which hands it to applyStockForm. Works without JavaScript.
 */
function summary(product: ProductStock): string {
  const stocked = product.variants.filter((v) => v.quantity !== null);
  const few = stocked.filter((v) => v.quantity! <= FEW_LEFT).length;
  const made = product.variants.length - stocked.length;
  return [
    stocked.length ? `${stocked.length} stocked` : "",
    few ? `${few} at ${FEW_LEFT} or fewer` : "",
    made ? `${made} made to order` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

export function StockTable({
  products,
  action,
  open = [],
  waiting = {},
}: {
  products: readonly ProductStock[];
  /** Confirmed back-in-stock alerts waiting, by variant key (X-FIT-3). */
  waiting?: Readonly<Record<string, number>>;
  /** Where the forms post; the page's own URL by default. */
  action?: string;
  /** Products shown open (a search's results, the one just saved); the rest start collapsed. */
  open?: readonly string[];
}) {
  return (
    <div className="space-y-3">
      {products.map((product) => {
        const captionId = `stock-${product.productId}`;
        const low = product.variants.some((v) => v.quantity !== null && v.quantity <= FEW_LEFT);
        return (
          // Grouped by product and collapsed (issue 24 item 11): <details> needs no JavaScript.
          <details
            key={product.productId}
            open={open.includes(product.productId)}
            className="group rounded-lg bg-white ring-1 ring-black/5"
            data-testid="stock-product"
          >
            <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 focus-visible:outline-2 focus-visible:outline-accent">
              <span className="font-display text-lg font-bold uppercase">
                {product.productName}
              </span>
              <span className={`text-sm ${low ? "font-semibold text-accent" : "text-muted"}`}>
                {summary(product)}
              </span>
            </summary>
            <Form
              method="post"
              action={action}
              aria-labelledby={captionId}
              className="border-t border-stone p-4 sm:p-5"
            >
              <input type="hidden" name="productId" value={product.productId} />
              <table className="w-full text-left text-sm">
                <caption id={captionId} className="mb-3 text-left">
                  <span className="sr-only">{product.productName}</span>
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
                          {waiting[variantKey(variant)] ? (
                            <span className="block font-semibold text-ink">
                              {waiting[variantKey(variant)]} waiting for an e-mail
                            </span>
                          ) : null}
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
          </details>
        );
      })}
    </div>
  );
}
