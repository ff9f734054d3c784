import { ShoppingBag } from "~/ui/icons/shopping-bag";
import { lazy, Suspense, useState } from "react";
import { totalQuantity } from "./lines";
import { cartActions, useCart } from "./store";

// The panel's code is loaded when the cart is first opened (or the button is pointed at or
// focused), not with every page (X-PERF-2); once loaded it stays mounted.
const loadPanel = () => import("./CartPanel");
const CartPanel = lazy(() => loadPanel().then((m) => ({ default: m.CartPanel })));

export function CartButton() {
  const { lines, panelOpen } = useCart();
  const count = totalQuantity(lines);
  const [panelWanted, setPanelWanted] = useState(false);
  if (panelOpen && !panelWanted) setPanelWanted(true);
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
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
      {panelWanted ? (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      ) : null}
    </>
  );
}
