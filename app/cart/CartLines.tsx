import { Minus } from "~/ui/icons/minus";
import { Plus } from "~/ui/icons/plus";
import { Trash2 } from "~/ui/icons/trash-2";
import { Link } from "react-router";
import { choiceDetails } from "~/catalogue/options";
import { isGiftCardLine } from "~/shared/gift-cards";
import { LineNotice } from "~/policy/LineNotice";
import { lineTotalPence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import { MAX_LINE_QUANTITY } from "~/shared/cart-limits";
import { LineLeadTime } from "~/stock/LeadTime";
import type { StockLevels, StockLookup } from "~/stock/stock";
import { lineHref, lineKey, type CartLine } from "./cart";
import { CartForm } from "./CartForm";
import { cartActions } from "./store";

/**
 * After a line is removed in place its button is gone: the focus moves to the next line's Remove
 * (or the one before), or, when the cart is now empty, to "Your cart is empty", which says so
 * (issue 56, WCAG 2.4.3 and 4.1.3: never to the page's body, and in the panel never outside it).
 */
function focusAfterRemoval(from: Element, index: number) {
  const scope = from.closest("dialog, main") ?? document.body;
  requestAnimationFrame(() => {
    const removes = scope.querySelectorAll<HTMLElement>("[data-cart-remove]");
    const next =
      removes[index] ?? removes[index - 1] ?? scope.querySelector<HTMLElement>("[data-cart-empty]");
    next?.focus();
  });
}

/** A line of the cart, in the panel and on /cart: its picture, choices, quantity and total. */
export function CartLineItem({
  line,
  index,
  levels,
  lookup,
  onLeave,
}: {
  line: CartLine;
  index: number;
  levels: StockLevels | undefined;
  lookup: StockLookup;
  /** Told when the customer follows the line's link (the panel closes). */
  onLeave?: () => void;
}) {
  const key = lineKey(line);
  const gift = isGiftCardLine(line);
  return (
    <li className="flex gap-4 py-4">
      {line.image ? (
        <img
          src={line.image}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-md bg-stone object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={lineHref(line)}
            onClick={onLeave}
            className="leading-tight font-semibold hover:underline"
          >
            {line.productName}
          </Link>
          <CartForm
            fields={{ intent: "remove", line: key }}
            onSubmit={(form) => {
              cartActions.remove(index);
              focusAfterRemoval(form, index);
            }}
          >
            <button
              type="submit"
              data-cart-remove
              className="-m-1 rounded p-1 text-muted hover:text-accent"
              aria-label={`Remove ${line.productName} from the cart`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </CartForm>
        </div>
        <ul className="text-sm text-muted">
          {(gift ? giftCardDetails(line) : choiceDetails(line)).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        {gift ? null : <LineNotice line={line} />}
        {gift ? null : line.problem ? (
          <p className="text-sm font-semibold text-accent" data-testid="line-problem">
            {line.problem}
          </p>
        ) : (
          <LineLeadTime line={line} levels={levels} lookup={lookup} />
        )}
        <div className="mt-1 flex items-center justify-between">
          {/* X-GIFT-1: one card a line, e-mailed: no quantity, returns or lead time. */}
          {gift ? (
            <span />
          ) : (
            <div
              className="flex items-center rounded border border-ink/20"
              role="group"
              aria-label={`Quantity of ${line.productName}`}
            >
              <CartForm
                fields={{ intent: "update", line: key, quantity: String(line.quantity - 1) }}
                onSubmit={() => cartActions.decrement(index)}
              >
                <button
                  type="submit"
                  disabled={line.quantity <= 1}
                  className="p-2 disabled:opacity-40"
                  aria-label="Decrease quantity"
                >
                  <Minus aria-hidden="true" className="size-4" />
                </button>
              </CartForm>
              <span className="min-w-8 text-center font-semibold" aria-live="polite">
                {line.quantity}
              </span>
              <CartForm
                fields={{ intent: "update", line: key, quantity: String(line.quantity + 1) }}
                onSubmit={() => cartActions.increment(index)}
              >
                <button
                  type="submit"
                  disabled={line.quantity >= MAX_LINE_QUANTITY}
                  className="p-2 disabled:opacity-40"
                  aria-label="Increase quantity"
                >
                  <Plus aria-hidden="true" className="size-4" />
                </button>
              </CartForm>
            </div>
          )}
          <span className="font-semibold" data-testid="line-total">
            {line.wasUnitPricePence ? (
              <s className="mr-1.5 text-sm font-normal text-muted">
                <span className="sr-only">was </span>
                {formatPence(lineTotalPence(line.wasUnitPricePence, line.quantity))}
              </s>
            ) : null}
            {formatPence(lineTotalPence(line.unitPricePence, line.quantity))}
          </span>
        </div>
      </div>
    </li>
  );
}

/** A gift card line's details: who it is for and when it is e-mailed (X-GIFT-1). */
function giftCardDetails(line: CartLine): string[] {
  return [
    `For ${line.recipientName ?? ""} (${line.recipientEmail ?? ""})`,
    line.sendOn ? `E-mailed to them on ${line.sendOn}` : "E-mailed to them when you have paid",
    ...(line.message ? ["With your message"] : []),
  ];
}

/** "Clear cart", a form like the rest. */
export function ClearCartForm() {
  return (
    <CartForm fields={{ intent: "clear" }} onSubmit={cartActions.clear}>
      <button
        type="submit"
        className="w-full py-2 text-sm text-muted underline underline-offset-2 hover:text-ink"
      >
        Clear cart
      </button>
    </CartForm>
  );
}
