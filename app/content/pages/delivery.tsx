import { BRAND } from "~/shared/brand";
import { DataTable } from "../components/DataTable";
import { EmailLink, TextLink } from "~/ui/links";
import { POLICY, type SettingsPolicy } from "~/policy/policy";
import type { InfoPageContent } from "./types";

function Body({ policy }: { policy: SettingsPolicy }) {
  return (
    <>
      <h2>When we dispatch</h2>
      <ul>
        <li>
          <strong>In-stock items</strong> are packed and dispatched within {POLICY.inStockDispatch}{" "}
          of your order.
        </li>
        <li>
          <strong>Made-to-order and personalised items</strong> (gis, anything with a name on it,
          custom academy kit) are made for you and dispatched within {POLICY.madeToOrder}.
        </li>
        <li>
          If one order has both, we send it as one parcel when everything is ready. Need the
          in-stock items sooner? E-mail us your order number and we will split it.
        </li>
      </ul>
      <p>Working days are Monday to Friday, not counting UK bank holidays.</p>

      <h2>Delivery times and costs</h2>
      <DataTable
        caption="Delivery options"
        columns={["Service", "Time after dispatch", "Cost"]}
        rows={[
          {
            header: "UK standard",
            cells: [
              policy.ukStandard,
              policy.freeShippingOver
                ? `${policy.ukStandardCost}, free from ${policy.freeShippingOver}`
                : policy.ukStandardCost,
            ],
          },
          {
            header: "UK express",
            cells: [policy.ukExpress, policy.ukExpressCost],
          },
          {
            header: "International",
            cells: [policy.international, policy.internationalCost],
          },
        ]}
      />
      <p>
        {policy.demoDeliveryFrom
          ? `Our product pages quote UK standard delivery from ${policy.demoDeliveryFrom}. At checkout it is charged at ${policy.ukStandardCost}. `
          : `UK standard delivery costs ${policy.ukStandardCost}. `}
        You choose {policy.offered.join(", ")} delivery at checkout, and the exact amount is shown
        in your order summary before you pay: that is the amount you pay.
      </p>
      {policy.freeShippingOver ? (
        <p>
          <strong>Free UK delivery over {policy.freeShippingOver}.</strong> If your items come to{" "}
          {policy.freeShippingOver} or more after any discount, UK standard delivery is free: the
          checkout shows it as free and charges nothing for it. Express is {policy.ukExpressCost}{" "}
          and international {policy.internationalCost}.
        </p>
      ) : null}

      <h2>International orders</h2>
      <p>
        We ship worldwide from the UK. Parcels usually arrive {policy.international} after dispatch,
        depending on the destination and customs. Import duties, taxes and handling fees charged by
        your country are paid by the person receiving the parcel; we always declare the contents and
        value honestly.
      </p>

      <h2>Tracking your parcel</h2>
      <p>
        When your order leaves us you get a dispatch e-mail with the courier&apos;s tracking link.
        See <TextLink to="/tracking">order tracking</TextLink> for more.
      </p>

      <h2>If something goes wrong</h2>
      <ul>
        <li>
          Please check your delivery address at checkout. Spotted a mistake? E-mail us straight
          away: we can change it until the parcel is dispatched.
        </li>
        <li>
          Parcel late? If it hasn&apos;t arrived a few days after the times above, send us your
          order number and we will chase the courier. If it is lost, we replace it or refund you.
        </li>
        <li>
          Damaged in transit? Keep the packaging, take photos and tell us within{" "}
          {POLICY.faultReportDays} days of delivery. See our{" "}
          <TextLink to="/returns">returns policy</TextLink>.
        </li>
      </ul>
      <p>
        Questions about delivery? Contact {BRAND.name} at <EmailLink />: we answer within{" "}
        {POLICY.enquiryReply}.
      </p>
    </>
  );
}

export const delivery: InfoPageContent = {
  title: "Delivery",
  eyebrow: "Support Hub",
  description: `When ${BRAND.name} orders are dispatched and delivered: UK standard, express and international delivery times and costs.`,
  lead: "Every order is packed by hand by our small team in Teesside. Here is when it leaves us, when it reaches you and what it costs.",
  Body,
};
