import { ShoppingBag } from "lucide-react";
import { totalQuantity } from "./cart";
import { CartPanel } from "./CartPanel";
import { cartActions, useCart } from "./store";

export function CartButton() {
  const { lines, panelOpen } = useCart();
  const count = totalQuantity(lines);
  return (
    <>
      <button
        type="button"
        className="relative -mr-2 rounded p-2 hover:text-accent-bright"
        aria-label={
          count > 0 ? `Open cart, ${count} ${count === 1 ? "item" : "items"}` : "Open cart"
        }
        aria-haspopup="dialog"
        aria-expanded={panelOpen}
        onClick={cartActions.openPanel}
      >
        <ShoppingBag aria-hidden="true" className="size-6" />
        {count > 0 ? (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs leading-5 font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </button>
      <CartPanel />
    </>
  );
}
