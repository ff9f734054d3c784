import { EmptyCart } from "./EmptyCart";
import { Form, Link, useSearchParams } from "react-router";
import type { Product } from "~/catalogue/types";
import { subtotalPence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import type { StockLevels } from "~/stock/stock";
import { useStockLevels } from "~/stock/useStockLevels";
import { AddToCartForm } from "./AddToCartForm";
import type { CartLine } from "./cart";
import { CartLineItem, ClearCartForm } from "./CartLines";
import type { AddFields } from "./intents";
import { useCart } from "./store";

/** The cart as the server priced it when the page was made (the loader's answer). */
export interface ServerCartView {
  lines: CartLine[];
  discountCode: string | null;
  discount: { code: string; percent: number } | null;
  discountProblem: string | null;
}

/** What a refused change renders with (the edge spreads `extra` beside `error`). */
export interface CartRefusal {
  error: string;
  /** For a refused add: the product's form again, with the choices kept. */
  refusedProduct?: { product: Product; stock: StockLevels; fields: AddFields } | null;
}

/**
 * /cart (issue 25, X-PE-1): the lines, the discount code, the total and "Checkout", each change a
 * plain form to POST /cart; the server's cart until the cart's script has it.
 */
export function CartPage({ server, answer }: { server: ServerCartView; answer?: CartRefusal }) {
  const cart = useCart();
  const [params] = useSearchParams();
  const { levels, lookup } = useStockLevels();
  // The server's cart until the cart's script has it; then the script's, changed in place.
  const lines = cart.ready ? cart.lines : server.lines;
  const refused = answer?.refusedProduct;
  const error = answer?.error;
  const subtotal = subtotalPence(lines.filter((line) => !line.problem));
  const discount = server.discount;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-5xl font-bold uppercase">Your cart</h1>
      {refused ? (
        <section
          aria-labelledby="refused-product"
          className="mt-6 rounded-lg bg-white p-6 ring-1 ring-black/5"
        >
          <h2 id="refused-product" className="mb-4 font-display text-2xl font-bold uppercase">
            {refused.product.name}
          </h2>
          <AddToCartForm
            product={refused.product}
            stock={refused.stock}
            sent={refused.fields}
            refusal={error}
          />
        </section>
      ) : error ? (
        <p role="alert" className="mt-6 font-semibold text-accent">
          {error}
        </p>
      ) : params.get("added") ? (
        <p role="status" className="mt-6 font-semibold text-success">
          Added to Cart!
        </p>
      ) : null}
      {lines.length === 0 ? (
        <EmptyCart className="mt-8" />
      ) : (
        <div className="mt-8 rounded-lg bg-white p-6 ring-1 ring-black/5">
          <ul className="divide-y divide-stone" aria-label="Items in your cart">
            {lines.map((line, index) => (
              <CartLineItem
                key={`${index}-${line.productId}`}
                line={line}
                index={index}
                levels={levels}
                lookup={lookup}
              />
            ))}
          </ul>
          <div className="mt-4 space-y-4 border-t border-stone pt-4">
            <Form method="post" action="/cart" className="space-y-2">
              <input type="hidden" name="intent" value="discount" />
              <input type="hidden" name="returnTo" value="/cart" />
              <label htmlFor="cart-discount-code" className="block text-sm font-semibold">
                Discount code
              </label>
              <div className="flex gap-2">
                <input
                  id="cart-discount-code"
                  name="code"
                  defaultValue={server.discountCode ?? ""}
                  autoComplete="off"
                  autoCapitalize="characters"
                  className="min-w-0 flex-1 rounded border border-ink/30 bg-white px-3 py-2 uppercase"
                />
                <button
                  type="submit"
                  className="rounded bg-ink px-4 py-2 font-semibold text-paper hover:bg-ink-soft"
                >
                  Apply
                </button>
              </div>
              {discount ? (
                <p role="status" className="text-sm text-success">
                  {discount.code} applied: {discount.percent}% off your items.
                </p>
              ) : server.discountProblem ? (
                <p role="status" className="text-sm font-semibold text-accent">
                  {server.discountProblem}
                </p>
              ) : null}
            </Form>
            <p className="flex justify-between text-lg font-bold">
              <span>Total</span>
              <span data-testid="cart-total">{formatPence(subtotal)}</span>
            </p>
            <p className="text-sm text-muted">
              {discount ? "The discount and delivery" : "Delivery"} at checkout.
            </p>
            <Link
              to="/checkout"
              className="block rounded bg-accent px-5 py-3 text-center font-display text-lg tracking-wider text-white uppercase hover:bg-accent-dark"
            >
              Checkout
            </Link>
            <ClearCartForm />
          </div>
        </div>
      )}
    </div>
  );
}
