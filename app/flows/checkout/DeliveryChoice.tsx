import { formatPence, type Pence } from "~/pricing/money";
import {
  type DeliverySettings,
  enabledMethods,
  methodLabel,
  methodSetting,
  SHIPPING_METHODS,
  shippingChargePence,
  type ShippingMethodId,
} from "~/pricing/shipping";

/** "Free" for nothing to pay, otherwise the amount: how every page shows a delivery charge. */
export function shippingText(pence: Pence): string {
  return pence === 0 ? "Free" : formatPence(pence);
}

/**
 * The checkout's delivery choice (X-UK-1): the methods the owner offers (X-TRUE-2) as a labelled
 * radio group, each with what it would cost this order, computed by the same settings the server
 * charges from. Without JavaScript "Update total" posts the choice and the page comes back with
 * its total, so Pay never shows an old one (issue 39).
 */
export function DeliveryChoice({
  value,
  onChange,
  items,
  subtotalAfterDiscountPence,
  delivery,
}: {
  value: ShippingMethodId;
  onChange: (method: ShippingMethodId) => void;
  items: number;
  subtotalAfterDiscountPence: Pence;
  delivery: DeliverySettings;
}) {
  const free = delivery.freeStandardFromPence;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Delivery</legend>
      {enabledMethods(delivery).map((id) => {
        const method = SHIPPING_METHODS[id];
        const setting = methodSetting(id, delivery);
        const charge = shippingChargePence(id, items, subtotalAfterDiscountPence, delivery);
        const freeNote = method.freeOverThreshold && free !== null;
        const where = method.destination === "uk" ? "UK addresses" : "outside the UK";
        const note =
          freeNote && charge === 0
            ? `Free on orders of ${formatPence(free)} or more`
            : `${formatPence(setting.pricePence)} per ${setting.per}${freeNote ? `; free from ${formatPence(free)}` : `, ${where}`}`;
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
              <span className="block font-semibold">{methodLabel(id, delivery)}</span>
              <span className="block text-xs text-muted">{note}</span>
            </span>
            <span className="font-semibold" data-testid={`delivery-price-${id}`}>
              {shippingText(charge)}
            </span>
          </label>
        );
      })}
      {/* Without JavaScript only (X-PE-2): the page's total follows the choice before Pay. */}
      <button
        type="submit"
        name="intent"
        value="delivery"
        className="hidden min-h-11 items-center rounded border border-ink/30 px-4 font-semibold noscript:inline-flex"
      >
        Update total
      </button>
    </fieldset>
  );
}
