import type { ReactNode } from "react";
import { NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import type { Product } from "~/catalogue/types";
import { CartForm } from "./CartForm";
import { cartActions } from "./store";

/** A form that adds one of a product without options, posting to /cart without JavaScript. */
export function AddStandardForm({ product, children }: { product: Product; children: ReactNode }) {
  return (
    <CartForm
      fields={{
        intent: "add",
        productId: product.id,
        optionType: STANDARD_OPTION,
        size: NO_SIZE,
        quantity: "1",
      }}
      onSubmit={() => void cartActions.addStandard(product)}
    >
      {children}
    </CartForm>
  );
}

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
    <AddStandardForm product={product}>
      <button
        type="submit"
        className="relative z-10 mt-3 w-full rounded bg-ink px-4 py-3 font-semibold text-paper hover:bg-ink-soft"
      >
        Add to Cart<span className="sr-only">: {product.name}</span>
      </button>
    </AddStandardForm>
  );
}
