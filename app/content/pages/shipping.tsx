import { EmailLink, TextLink } from "~/ui/links";
import { POLICY, type SettingsPolicy } from "~/policy/policy";
import type { InfoPageContent } from "./types";

function Body({ policy }: { policy: SettingsPolicy }) {
  return (
    <>
      <h2>Made to order</h2>
      <p>
        Gis, personalised items and academy orders are made after you order them, in small batches.
        They take <strong>{POLICY.madeToOrder}</strong> from your order (or, for custom academy kit,
        from your sign-off of the design) to dispatch. In busy periods, before big competitions and
        at Christmas, expect the later end of that range. In-stock items are dispatched within{" "}
        {POLICY.inStockDispatch}.
      </p>

      <h2>Estimates, not promises</h2>
      <p>
        The times we give are honest estimates, not guaranteed dates. Production can be held up by
        fabric deliveries or machine repairs, and once a parcel leaves us the courier&apos;s timings
        apply: UK standard {policy.ukStandard}, express {policy.ukExpress} and international{" "}
        {policy.international}. Weather, strikes, peak seasons and customs checks are outside our
        control.
      </p>
      <p>
        Need kit for a grading, a competition or a fight on a set date? E-mail{" "}
        <EmailLink subject="Deadline question" /> before you order and we will tell you honestly
        whether we can make it.
      </p>

      <h2>If your order is running late</h2>
      <p>
        If a made-to-order item can&apos;t be dispatched within {POLICY.madeToOrder}, we e-mail you
        before that time is up with a new date. You can then choose to wait or to cancel that item
        for a full refund, paid within {POLICY.refundTime}.
      </p>

      <h2>Colours, prints and fit</h2>
      <ul>
        <li>
          Our designs are sublimated: the ink is dyed into the fabric. Colours on your screen can
          look a little different from the real thing.
        </li>
        <li>
          Every panel is printed and cut by hand, so a design can sit a few millimetres differently
          from one garment to the next, and embroidery thread can vary slightly between batches.
        </li>
        <li>
          Cotton gis are pre-shrunk but can still tighten slightly in their first washes if washed
          hot or tumble dried. Check the <TextLink to="/size-guide">size guide</TextLink> and our
          care advice in the <TextLink to="/faq">FAQs</TextLink>.
        </li>
      </ul>
      <p>
        None of these are faults. Anything that is faulty is covered by our{" "}
        <TextLink to="/returns">returns policy</TextLink>: report it within {POLICY.faultReportDays}{" "}
        days of delivery.
      </p>

      <h2>International parcels</h2>
      <p>
        Import duties, taxes and handling fees charged by the destination country are paid by the
        person receiving the parcel, and customs can add days to the delivery time. If a parcel is
        refused or can&apos;t be delivered because of an incorrect address, we refund the items once
        it comes back to us, less the cost of sending it.
      </p>
      <p>
        Full delivery times and charges are on our <TextLink to="/delivery">delivery page</TextLink>
        .
      </p>
    </>
  );
}

export const shipping: InfoPageContent = {
  title: "Production & Delivery",
  eyebrow: "Support Hub",
  description: `What made to order means for your kit: production in ${POLICY.madeToOrder}, in-stock dispatch in ${POLICY.inStockDispatch}, and what can affect delivery times.`,
  lead: "Much of our kit is made to order in small batches. This page explains what that means for timings, and the things that can affect when your parcel arrives.",
  Body,
};
