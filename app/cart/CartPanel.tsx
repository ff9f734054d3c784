import { X } from "lucide-react";
import { useEffect, useRef } from "react";

interface CartPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The side panel (S-CART-1, S-CART-2). A modal <dialog>: the browser moves focus in, traps it,
 * closes on Escape and returns focus to the cart button.
 */
export function CartPanel({ open, onClose }: CartPanelProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="cart-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
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
            onClick={onClose}
            className="rounded p-2 hover:bg-stone"
            aria-label="Close cart"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 text-center">
          <p className="text-lg text-muted">Your cart is empty</p>
          <button
            type="button"
            onClick={onClose}
            className="rounded bg-ink px-5 py-3 font-semibold text-paper hover:bg-ink-soft"
          >
            Continue shopping
          </button>
        </div>
      </div>
    </dialog>
  );
}
