import { BRAND } from "~/shared/brand";
import { EmailLink, TextLink } from "~/ui/links";
import { POLICY, type SettingsPolicy } from "~/policy/policy";
import type { InfoPageContent } from "./types";

function Body({ policy }: { policy: SettingsPolicy }) {
  return (
    <>
      <h2>Your tracking link</h2>
      <p>
        When your order leaves us, we send a dispatch e-mail to the address you used at checkout. It
        has the courier&apos;s name, your tracking number and a link to follow the parcel on the
        courier&apos;s website, which updates as it moves. Can&apos;t find the e-mail? Check your
        spam or junk folder, and search for &ldquo;{BRAND.name}&rdquo;.
      </p>

      <h2>Not dispatched yet?</h2>
      <p>
        Your parcel has no tracking until it leaves us. Straight after you pay, we e-mail an order
        confirmation with your order number; the dispatch e-mail follows when the parcel is on its
        way:
      </p>
      <ul>
        <li>
          <strong>In-stock items</strong> are dispatched within {POLICY.inStockDispatch}.
        </li>
        <li>
          <strong>Made-to-order items</strong>, including gis, anything with a name on it and
          academy kit, are made for you and dispatched within {POLICY.madeToOrder}.
        </li>
        <li>
          An order with both is sent as one parcel when everything is ready, unless you ask us to
          split it.
        </li>
      </ul>

      <h2>After dispatch</h2>
      <p>
        UK standard delivery takes {policy.ukStandard}, UK express {policy.ukExpress} and
        international delivery {policy.international}. Full details are on our{" "}
        <TextLink to="/delivery">delivery page</TextLink>.
      </p>

      <h2>Sending something back?</h2>
      <p>
        You can cancel non-personalised items within {policy.returnDays} days of delivery:{" "}
        <TextLink to="/returns/request">request a return</TextLink> with your order number and
        e-mail address.
      </p>

      <h2>Need help with an order?</h2>
      <p>
        E-mail <EmailLink subject="Order enquiry" /> with your <strong>order number</strong> (from
        your confirmation e-mail) and the e-mail address you ordered with. We check where your order
        is and reply within {POLICY.enquiryReply}.
      </p>
      <p>
        If tracking says delivered but you don&apos;t have the parcel, check with neighbours and any
        safe place you gave the courier, then let us know. We raise it with the courier and, if it
        is lost, we replace it or refund you.
      </p>
    </>
  );
}

export const tracking: InfoPageContent = {
  title: "Order tracking",
  eyebrow: "Support Hub",
  description: `How to track a ${BRAND.name} order: the courier link in your dispatch e-mail, made-to-order timings, and how to contact us with your order number.`,
  lead: "Every parcel we send is tracked. Here is how to follow yours, and what to expect before it is on its way.",
  Body,
};
