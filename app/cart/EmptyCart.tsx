import { Link } from "react-router";

/** "Your cart is empty" with the way back to the shop, on /cart and /checkout. */
export function EmptyCart({ className = "" }: { className?: string }) {
  return (
    <div className={`rounded-lg bg-white p-10 text-center ring-1 ring-black/5 ${className}`}>
      {/* Focused when the last line is removed in place (CartLines, issue 56). */}
      <p data-cart-empty tabIndex={-1} className="text-xl font-semibold">
        Your cart is empty
      </p>
      <Link
        to="/"
        className="mt-6 inline-block rounded bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
      >
        Continue Shopping
      </Link>
    </div>
  );
}
