import { X } from "~/ui/icons/x";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { subtotalPence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import { useStockLevels } from "~/stock/useStockLevels";
import { CartLineItem, ClearCartForm } from "./CartLines";
import { cartActions, useCart } from "./store";

/**
 * The side panel (S-CART-1..5). A modal <dialog>: the browser moves focus in, keeps it there,
 * closes on Escape and returns focus to the cart button.
 */
export function CartPanel() {
  const { lines, panelOpen } = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const { levels, lookup, refresh } = useStockLevels();

  // Stock changes while the shop is open: read it again each time the panel opens.
  useEffect(() => {
    if (panelOpen) refresh();
  }, [panelOpen, refresh]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (panelOpen && !dialog.open) dialog.showModal();
    if (!panelOpen && dialog.open) dialog.close();
  }, [panelOpen]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="cart-title"
      onClose={cartActions.closePanel}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) cartActions.closePanel();
      }}
      className="cart-panel m-0 ml-auto h-dvh max-h-dvh w-full max-w-full bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/50 sm:w-96"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone px-5 py-4">
          <h2 id="cart-title" className="font-display text-2xl font-bold uppercase">
            Your Cart
          </h2>
          <button
            type="button"
            onClick={cartActions.closePanel}
            className="rounded p-2 hover:bg-stone"
            aria-label="Close cart"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 text-center">
            {/* Focused when the last line is removed in place (CartLines, issue 56): the focus
                stays in the panel and says what happened. */}
            <p data-cart-empty tabIndex={-1} className="text-lg text-muted">
              Your cart is empty
            </p>
            <button
              type="button"
              onClick={cartActions.closePanel}
              className="rounded bg-ink px-5 py-3 font-semibold text-paper hover:bg-ink-soft"
            >
              Continue shopping
            </button>
          </div>
        ) : (
          <>
            <ul
              className="flex-1 divide-y divide-stone overflow-y-auto px-5"
              aria-label="Items in your cart"
            >
              {lines.map((line, index) => (
                <CartLineItem
                  key={`${index}-${line.productId}`}
                  line={line}
                  index={index}
                  levels={levels}
                  lookup={lookup}
                  onLeave={cartActions.closePanel}
                />
              ))}
            </ul>
            <div className="space-y-3 border-t border-stone px-5 py-4">
              <p className="flex justify-between text-lg font-bold">
                <span>Total</span>
                <span data-testid="cart-total">
                  {formatPence(subtotalPence(lines.filter((line) => !line.problem)))}
                </span>
              </p>
              <p className="text-sm text-muted">Shipping and discount codes at checkout.</p>
              <Link
                to="/checkout"
                onClick={cartActions.closePanel}
                className="block rounded bg-accent px-5 py-3 text-center font-display text-lg tracking-wider text-white uppercase hover:bg-accent-dark"
              >
                Checkout
              </Link>
              <ClearCartForm />
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
