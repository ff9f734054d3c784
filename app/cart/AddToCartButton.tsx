import type { Product } from "~/catalogue/types";
import { cartActions } from "./store";

/**
 * Add to Cart for a product without options: Standard, size N/A (S-PDP-7, S-ACC-3); a sold-out
 * one says so and cannot be added (X-STK-2).
 */
export function AddToCartButton({
  product,
  soldOut = false,
}: {
  product: Product;
  soldOut?: boolean;
}) {
  if (soldOut) {
    return (
      <button
        type="button"
        disabled
        className="relative z-10 mt-3 w-full cursor-not-allowed rounded border border-dashed border-ink/30 bg-stone/60 px-4 py-3 font-semibold text-muted"
      >
        Sold out<span className="sr-only">: {product.name}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => cartActions.addStandard(product)}
      className="relative z-10 mt-3 w-full rounded bg-ink px-4 py-3 font-semibold text-paper hover:bg-ink-soft"
    >
      Add to Cart<span className="sr-only">: {product.name}</span>
    </button>
  );
}
