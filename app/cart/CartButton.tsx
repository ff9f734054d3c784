import { ShoppingBag } from "lucide-react";
import { useState } from "react";
import { CartPanel } from "./CartPanel";

export function CartButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="relative -mr-2 rounded p-2 hover:text-accent-bright"
        aria-label="Open cart"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ShoppingBag aria-hidden="true" className="size-6" />
      </button>
      <CartPanel open={open} onClose={() => setOpen(false)} />
    </>
  );
}
