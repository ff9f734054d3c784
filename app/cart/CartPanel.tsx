import { Minus, Plus, Trash2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { choiceDetails } from "~/catalogue/options";
import { LineNotice } from "~/policy/LineNotice";
import { lineTotalPence, subtotalPence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import { MAX_LINE_QUANTITY } from "~/shared/limits";
import { LineLeadTime } from "~/stock/LeadTime";
import type { StockLevels, StockLookup } from "~/stock/stock";
import { useStockLevels } from "~/stock/useStockLevels";
import { lineHref, type CartLine } from "./cart";
import { cartActions, useCart } from "./store";

function CartLineItem({
  line,
  index,
  levels,
  lookup,
}: {
  line: CartLine;
  index: number;
  levels: StockLevels | undefined;
  lookup: StockLookup;
}) {
  return (
    <li className="flex gap-4 py-4">
      {line.image ? (
        <img
          src={line.image}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-md bg-stone object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={lineHref(line)}
            onClick={cartActions.closePanel}
            className="font-semibold leading-tight hover:underline"
          >
            {line.productName}
          </Link>
          <button
            type="button"
            onClick={() => cartActions.remove(index)}
            className="-m-1 rounded p-1 text-muted hover:text-accent"
            aria-label={`Remove ${line.productName} from the cart`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
        <ul className="text-sm text-muted">
          {choiceDetails(line).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        <LineNotice line={line} />
        {line.problem ? (
          <p className="text-sm font-semibold text-accent" data-testid="line-problem">
            {line.problem}
          </p>
        ) : (
          <LineLeadTime line={line} levels={levels} lookup={lookup} />
        )}
        <div className="mt-1 flex items-center justify-between">
          <div
            className="flex items-center rounded border border-ink/20"
            role="group"
            aria-label={`Quantity of ${line.productName}`}
          >
            <button
              type="button"
              onClick={() => cartActions.decrement(index)}
              disabled={line.quantity <= 1}
              className="p-2 disabled:opacity-40"
              aria-label="Decrease quantity"
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <span className="min-w-8 text-center font-semibold" aria-live="polite">
              {line.quantity}
            </span>
            <button
              type="button"
              onClick={() => cartActions.increment(index)}
              disabled={line.quantity >= MAX_LINE_QUANTITY}
              className="p-2 disabled:opacity-40"
              aria-label="Increase quantity"
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <span className="font-semibold" data-testid="line-total">
            {line.wasUnitPricePence ? (
              <s className="mr-1.5 text-sm font-normal text-muted">
                <span className="sr-only">was </span>
                {formatPence(lineTotalPence(line.wasUnitPricePence, line.quantity))}
              </s>
            ) : null}
            {formatPence(lineTotalPence(line.unitPricePence, line.quantity))}
          </span>
        </div>
      </div>
    </li>
  );
}

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
            <p className="text-lg text-muted">Your cart is empty</p>
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
              <button
                type="button"
                onClick={cartActions.clear}
                className="w-full py-2 text-sm text-muted underline underline-offset-2 hover:text-ink"
              >
                Clear cart
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
