import { formatPence, type Pence } from "~/pricing/money";
import {
  FREE_STANDARD_SHIPPING_FROM_PENCE,
  SHIPPING_METHOD_IDS,
  SHIPPING_METHODS,
  shippingChargePence,
  type ShippingMethodId,
} from "~/pricing/shipping";

/** "Free" for nothing to pay, otherwise the amount: how every page shows a delivery charge. */
export function shippingText(pence: Pence): string {
  return pence === 0 ? "Free" : formatPence(pence);
}

/**
 * The checkout's delivery choice (X-UK-1): the three methods as a labelled radio group, each with
 * what it would cost this order, computed by the same table the server charges from.
 */
export function DeliveryChoice({
  value,
  onChange,
  items,
  subtotalAfterDiscountPence,
}: {
  value: ShippingMethodId;
  onChange: (method: ShippingMethodId) => void;
  items: number;
  subtotalAfterDiscountPence: Pence;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Delivery</legend>
      {SHIPPING_METHOD_IDS.map((id) => {
        const method = SHIPPING_METHODS[id];
        const charge = shippingChargePence(id, items, subtotalAfterDiscountPence);
        const note =
          method.charge.per === "item"
            ? charge === 0
              ? `Free on orders of ${formatPence(FREE_STANDARD_SHIPPING_FROM_PENCE)} or more`
              : `${formatPence(method.charge.pence)} per item; free from ${formatPence(FREE_STANDARD_SHIPPING_FROM_PENCE)}`
            : method.destination === "uk"
              ? "Per order, UK addresses"
              : "Per order, outside the UK";
        return (
          <label
            key={id}
            className="flex cursor-pointer items-start gap-3 rounded border border-ink/20 bg-white p-3 has-checked:border-accent has-checked:ring-1 has-checked:ring-accent"
          >
            <input
              type="radio"
              name="shippingMethod"
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="mt-1 size-4 shrink-0 accent-accent"
            />
            <span className="flex-1">
              <span className="block font-semibold">{method.label}</span>
              <span className="block text-xs text-muted">{note}</span>
            </span>
            <span className="font-semibold" data-testid={`delivery-price-${id}`}>
              {shippingText(charge)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
