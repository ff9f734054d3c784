import { RotateCcw } from "~/ui/icons/rotate-ccw";
import { ShieldCheck } from "~/ui/icons/shield-check";
import { Truck } from "~/ui/icons/truck";
import type { DeliveryPromiseLines } from "~/policy/shop-settings";

/** The product page's delivery and returns statement (S-PDP-8), as the owner's settings make
 *  it true (X-TRUE-2; deliveryPromiseLines). */
export function DeliveryPromise({ lines }: { lines: DeliveryPromiseLines }) {
  return (
    <ul
      aria-label="Delivery and returns"
      className="grid gap-3 rounded-lg bg-white p-5 text-sm ring-1 ring-black/5"
    >
      <li className="flex items-center gap-3">
        <Truck aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span>{lines.standard}</span>
      </li>
      {lines.free ? (
        <li className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-accent" />
          <span>{lines.free}</span>
        </li>
      ) : null}
      <li className="flex items-center gap-3">
        <RotateCcw aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span>{lines.returns}</span>
      </li>
    </ul>
  );
}
