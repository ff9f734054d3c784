import { BRAND } from "~/shared/brand";
import { EmailLink, TextLink } from "~/ui/links";
import { POLICY, type SettingsPolicy } from "~/policy/policy";
import { returnsNotice, rightToCancelIncluded } from "~/policy/consumer-rights";
import type { InfoPageContent } from "./types";

function Body({ policy }: { policy: SettingsPolicy }) {
  return (
    <>
      <h2>At a glance</h2>
      <ul>
        <li>
          <strong>Faulty, damaged or wrong item:</strong> tell us within {POLICY.faultReportDays}{" "}
          days of delivery.
        </li>
        <li>
          <strong>Changed your mind:</strong> non-custom items can be returned within{" "}
          {policy.returnDays} days of delivery if they are unworn, unwashed and in their original
          packaging. When we have no delivery date, the days count from dispatch plus the delivery
          time of the service you chose.
        </li>
        <li>
          <strong>Custom and personalised items</strong> can&apos;t be returned unless they are
          faulty.
        </li>
        <li>
          <strong>Refunds</strong> are made within {POLICY.refundTime} of your return reaching us.
        </li>
      </ul>

      <h2>What &ldquo;{returnsNotice(policy.returnDays)}&rdquo; means</h2>
      <p>
        Our product pages, cart and checkout promise {returnsNotice(policy.returnDays)}: that is how
        long you have, from the day your order is delivered, to change your mind about unworn,
        non-personalised items. {rightToCancelIncluded(policy.returnDays)} Faults can be reported
        within {POLICY.faultReportDays} days of delivery.
      </p>

      <h2>Faulty or wrong items</h2>
      <p>
        E-mail <EmailLink subject="Faulty item" /> within {POLICY.faultReportDays} days of delivery
        with your order number, what is wrong and a photo or two. We will send you a prepaid return
        label where the item needs to come back, then repair, replace or refund it, as you prefer.
        This is on top of your rights under the Consumer Rights Act 2015, which this policy does not
        affect.
      </p>

      <h2>Changed your mind</h2>
      <p>
        Tell us within {policy.returnDays} days of delivery that you want to return a non-custom
        item, and send it back within {policy.returnDays} days of telling us. It must be unworn,
        unwashed, with its tags on and in its original packaging: we can&apos;t accept kit that has
        been trained in. Return postage is yours to pay; please use a tracked service and keep the
        receipt until your refund arrives.
      </p>
      <p>
        If you return a whole order we also refund what you paid for standard delivery. Reduced
        items follow the same rules. The quickest way to get a different size is to order it and
        send the first one back for a refund.
      </p>

      <h2>Custom and personalised items</h2>
      <p>
        Gis with a name, rashguards with a name and academy or team kit are made to your
        specification, so they can&apos;t be returned or exchanged for a change of mind or a wrong
        size. We print and embroider exactly the text you enter, so please check spelling and sizing
        before ordering. If a custom item is faulty, or we made a mistake, it is covered by the{" "}
        {POLICY.faultReportDays}-day fault promise above and we will remake or refund it.
      </p>

      <h2>How to send something back</h2>
      <ol>
        <li>
          <TextLink to="/returns/request">Request a return</TextLink> with your order number and the
          e-mail address you ordered with: tick the items and tell us why. Or e-mail{" "}
          <EmailLink subject="Return request" /> with your order number, the item and the reason.
          For faults, e-mail us with a photo.
        </li>
        <li>
          We e-mail you straight away with the returns address and what to do next (and a label, for
          faults, within {POLICY.enquiryReply}).
        </li>
        <li>Pack the item securely with a note of your order number.</li>
        <li>
          We check it and refund your original payment method within {POLICY.refundTime}, and e-mail
          you when it is done. Your bank may take a few more days to show it.
        </li>
      </ol>
      <p>
        Any questions, see our <TextLink to="/faq">FAQs</TextLink> or{" "}
        <TextLink to="/contact">contact {BRAND.name}</TextLink>.
      </p>
    </>
  );
}

export const returns: InfoPageContent = {
  title: "Returns & Refunds",
  eyebrow: "Support Hub",
  description: `How to return ${BRAND.name} kit: ${POLICY.faultReportDays} days to report faults, a window to return unworn non-custom items, refunds within ${POLICY.refundTime}.`,
  lead: "We want you to love your kit. If something is wrong with it, or it simply isn't for you, here is how returns and refunds work.",
  Body,
};
