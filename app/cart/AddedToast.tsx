import Check from "lucide-react/icons/check";
import { useCart } from "./store";

/** The top-centre green toast, visible while the cart's notification flag is set (S-GLB-6). */
export function AddedToast() {
  const { justAdded } = useCart();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4"
    >
      {justAdded ? (
        <p className="toast flex items-center gap-2 rounded-full bg-success px-5 py-3 font-semibold text-white shadow-lg">
          <Check aria-hidden="true" className="size-5" /> Added to Cart!
        </p>
      ) : null}
    </div>
  );
}
