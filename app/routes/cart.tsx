import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { CartLineItem, ClearCartForm } from "~/cart/CartLines";
import { useCart } from "~/cart/store";
import { dbFrom } from "~/db/context.server";
import {
  changeCartByForm,
  readCart,
  refusedAddPage,
  type RefusedAdd,
} from "~/flows/checkout/cart-actions.server";
import { subtotalPence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import { pageEndpoint, refuse } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import { useStockLevels } from "~/stock/useStockLevels";
import type { Route } from "./+types/cart";

export const meta = () =>
  pageMeta({ title: "Your cart", description: "The items in your GRIP TRUTH cart." });

/** Someone's own cart: never kept by the page cache or any other. */
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await readCart(dbFrom(context), request), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** Where a change made without JavaScript lands: the page it was made on (/cart or /checkout). */
const RETURN_TO = new Set(["/cart", "/checkout"]);

/**
 * POST /cart: the cart's actions as forms send them without JavaScript (issue 25, X-PE-1). A
 * change redirects (303) to the page it came from; a refusal renders this page with the
 * sentence (and, for an add, the product's form with the choices kept) and a 4xx.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: 32 * 1024 },
    rateLimit: QUOTAS.cart,
    noStore: true,
  },
  async ({ db, request, body }) => {
    const outcome = await changeCartByForm(db, request, body);
    if (outcome.ok) {
      const back = String(body.get("returnTo") ?? "");
      const to =
        body.get("intent") === "add" ? "/cart?added=1" : RETURN_TO.has(back) ? back : "/cart";
      throw redirect(to, { status: 303, headers: outcome.headers });
    }
    const fields = (outcome.extra as RefusedAdd | undefined)?.refusedAdd;
    const page = fields ? await refusedAddPage(db, fields) : undefined;
    return refuse(outcome.status, outcome.error, {
      headers: outcome.headers,
      extra: { ...outcome.extra, refusedProduct: page ?? null },
    });
  },
);

/** What a refusal renders with (the edge spreads `extra` beside `error`). */
type Refused = {
  error: string;
  refusedProduct?: Awaited<ReturnType<typeof refusedAddPage>> | null;
};

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const [params] = useSearchParams();
  const { levels, lookup } = useStockLevels();
  // The server's cart until the cart's script has it; then the script's, changed in place.
  const lines = cart.ready ? cart.lines : loaderData.lines;
  const answer = actionData as Refused | undefined;
  const refused = answer?.refusedProduct;
  const error = answer?.error;
  const subtotal = subtotalPence(lines.filter((line) => !line.problem));
  const discount = loaderData.discount;
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
        <div className="mt-8 rounded-lg bg-white p-10 text-center ring-1 ring-black/5">
          <p className="text-xl font-semibold">Your cart is empty</p>
          <Link
            to="/"
            className="mt-6 inline-block rounded bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
          >
            Continue Shopping
          </Link>
        </div>
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
                  defaultValue={loaderData.discountCode ?? ""}
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
              ) : loaderData.discountProblem ? (
                <p role="status" className="text-sm font-semibold text-accent">
                  {loaderData.discountProblem}
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
