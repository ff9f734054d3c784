import { deliveryShortName } from "~/orders/delivery-label";

/** The delivery chosen at checkout, short (X-DAY-3); express stands out, it goes first; an order
 *  delivered with its team reads "With the team" (issue 53). */
export function DeliveryBadge({
  method,
  withTeam = false,
}: {
  method: string;
  withTeam?: boolean;
}) {
  const express = method === "uk-express" && !withTeam;
  return (
    <span
      data-testid="delivery-method"
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${
        express ? "bg-accent text-white uppercase" : "bg-stone text-ink"
      }`}
    >
      {deliveryShortName({ shippingMethod: method, withTeam })}
    </span>
  );
}
