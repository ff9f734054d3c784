import { Check } from "~/ui/icons/check";
import { useLayoutEffect, useRef } from "react";
import { useCart } from "./store";

/** Space between the header's bottom edge and the toast, in pixels. */
const GAP = 8;

/**
 * The top-centre green toast, visible while the cart's notification flag is set (S-GLB-6). It sits
 * just below the sticky header (banner included), never over it (X-TRUE-13): the header keeps its
 * cart button and menu in view while the toast shows.
 */
export function AddedToast() {
  const { justAdded } = useCart();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!justAdded || !box.current) return;
    const bottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    box.current.style.top = `${Math.max(0, bottom) + GAP}px`;
  }, [justAdded]);
  return (
    <div
      role="status"
      aria-live="polite"
      ref={box}
      className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex justify-center px-4"
    >
      {justAdded ? (
        <p className="toast flex items-center gap-2 rounded-full bg-success px-5 py-3 font-semibold text-white shadow-lg">
          <Check aria-hidden="true" className="size-5" /> Added to Cart!
        </p>
      ) : null}
    </div>
  );
}
