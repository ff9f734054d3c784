import { RotateCcw, ShieldCheck, Truck } from "lucide-react";
import { POLICY } from "~/policy/policy";

/** The product page's delivery and returns statement (S-PDP-8). */
export function DeliveryPromise() {
  return (
    <ul className="grid gap-3 rounded-lg bg-white p-5 text-sm ring-1 ring-black/5">
      <li className="flex items-center gap-3">
        <Truck aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span>Standard UK delivery from {POLICY.standardDeliveryFrom}</span>
      </li>
      <li className="flex items-center gap-3">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span>Free shipping over {POLICY.freeShippingOver}</span>
      </li>
      <li className="flex items-center gap-3">
        <RotateCcw aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span>{POLICY.faultReportDays} day returns</span>
      </li>
    </ul>
  );
}
