import { BRAND } from "~/shared/brand";
import { EmailLink, ExternalLink, TextLink } from "~/ui/links";
import { useShopContact } from "~/ui/shop-contact";
import { POLICY } from "~/policy/policy";
import type { InfoPageContent } from "./types";

function Body() {
  const seller = useShopContact();
  return (
    <>
      <h2>E-mail</h2>
      <p>
        The best way to reach us is by e-mail at <EmailLink />. A real person from our team reads
        every message, and we answer within {POLICY.enquiryReply}.
      </p>

      <h2>Instagram</h2>
      <p>
        You can also message us on <ExternalLink href={BRAND.instagram}>Instagram</ExternalLink>,
        where we post new designs, academy kit and discount codes first. For anything about an
        order, please use e-mail, so we have everything in one place.
      </p>

      <h2>Writing about an order?</h2>
      <p>Help us sort it out in one reply by including:</p>
      <ul>
        <li>
          your <strong>order number</strong>, shown on your order confirmation page and in the
          confirmation e-mail we send after you pay;
        </li>
        <li>the e-mail address you used at checkout;</li>
        <li>the item, size and option (for example the colour, or the name on a gi);</li>
        <li>for a fault or damage, a photo or two.</li>
      </ul>
      <p>
        Made a mistake in your order, such as the address or the name for a gi? E-mail us as soon as
        you can: we can change made-to-order items before production starts, and an address until
        the parcel is dispatched.
      </p>

      <h2>Quick answers</h2>
      <ul>
        <li>
          Where is my parcel? See <TextLink to="/tracking">order tracking</TextLink> and{" "}
          <TextLink to="/delivery">delivery</TextLink>.
        </li>
        <li>
          Sending something back? Read our <TextLink to="/returns">returns policy</TextLink> first.
        </li>
        <li>
          Not sure of a size? The <TextLink to="/size-guide">size guide</TextLink> has every size we
          sell.
        </li>
        <li>
          Everything else: our <TextLink to="/faq">FAQs</TextLink>.
        </li>
      </ul>

      <h2>Academies and teams</h2>
      <p>
        Want kit in your club&apos;s colours? Find out how it works on our{" "}
        <TextLink to="/customisation">customisation page</TextLink>, then book a call or e-mail us
        with your ideas.
      </p>
      <p>
        {BRAND.name} is an online shop run by {seller.name}, {seller.postalAddress.join(", ")}. We
        don&apos;t have a shop front, so please don&apos;t post anything to us before we have
        replied to your e-mail.
      </p>
    </>
  );
}

export const contact: InfoPageContent = {
  title: "Contact us",
  eyebrow: "Info Hub",
  description: `E-mail ${BRAND.name} or message us on Instagram; we answer within ${POLICY.enquiryReply}.`,
  lead: "Questions about sizing, an order or kit for your academy? Get in touch: we are a small team and we answer every message ourselves.",
  Body,
};
