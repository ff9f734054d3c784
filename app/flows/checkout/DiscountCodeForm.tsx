import { useId, useState } from "react";
import { type CartLine, lineChoice } from "~/cart/lines";

export interface AppliedDiscount {
  code: string;
  percent: number;
}

/**
 * Discount code entry (S-CHK-3): checked by the server with the cart (for a minimum spend,
 * X-OPS-9); a refused code resets the discount and shows the server's reason. A real form: without
 * JavaScript it posts to /checkout, which keeps the code with the cart (issue 25, X-PE-2).
 */
export function DiscountCodeForm({
  applied,
  onChange,
  lines = [],
  said = null,
}: {
  applied: AppliedDiscount | null;
  onChange: (discount: AppliedDiscount | null) => void;
  lines?: readonly CartLine[];
  /** What the server said of the code when the page was made (applied, or why not). */
  said?: string | null;
}) {
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? "");
  const [message, setMessage] = useState<string | null>(said);
  const [busy, setBusy] = useState(false);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === "") {
      // An empty Apply is answered too (issue 56): any code applied before is taken off.
      onChange(null);
      setMessage(
        applied
          ? `Enter a discount code. ${applied.code} is no longer applied.`
          : "Enter a discount code.",
      );
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch("/api/discounts/validate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          code,
          ...(lines.length > 0
            ? {
                cartItems: lines.map(lineChoice),
              }
            : {}),
        }),
      });
      if (response.ok) {
        const discount = (await response.json()) as AppliedDiscount;
        onChange(discount);
        setMessage(`${discount.code} applied: ${discount.percent}% off your items.`);
      } else {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        onChange(null);
        setMessage(
          response.status < 500 && typeof body.error === "string"
            ? body.error
            : "Invalid discount code.",
        );
      }
    } catch {
      onChange(null);
      setMessage("The code could not be checked. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/checkout" onSubmit={apply} className="space-y-2">
      <input type="hidden" name="intent" value="discount" />
      <label htmlFor={id} className="block text-sm font-semibold">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          // A refused code: the box is invalid and its reason describes it (X-A11Y-2).
          aria-invalid={message && !applied ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className="min-w-0 flex-1 rounded border border-ink/30 bg-white px-3 py-2 uppercase"
        />
        <button
          type="submit"
          // Focusable while the code is checked (aria-disabled, not disabled: X-A11Y-2).
          aria-disabled={busy || undefined}
          className="rounded bg-ink px-4 py-2 font-semibold text-paper hover:bg-ink-soft aria-disabled:opacity-50"
        >
          {busy ? "Checking..." : "Apply"}
        </button>
      </div>
      <p
        id={`${id}-message`}
        role="status"
        className={`min-h-5 text-sm ${applied ? "text-success" : "font-semibold text-accent"}`}
      >
        {message}
      </p>
    </form>
  );
}
