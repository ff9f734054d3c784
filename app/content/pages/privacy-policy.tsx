import { BRAND } from "~/shared/brand";
import { EmailLink, ExternalLink } from "~/ui/links";
import { useShopContact } from "~/ui/shop-contact";
import { POLICY } from "~/policy/policy";
import type { InfoPageContent } from "./types";

const ICO_COMPLAINTS = "https://ico.org.uk/make-a-complaint/";

function Body() {
  const seller = useShopContact();
  return (
    <>
      <h2>Who we are</h2>
      <p>
        {seller.name}, {seller.postalAddress.join(", ")}
        {seller.companyNumber ? ` (company number ${seller.companyNumber})` : ""}, is the controller
        of the personal data described here. For anything about your data, e-mail{" "}
        <EmailLink subject="Privacy request" />.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>When you order:</strong> your name, e-mail address, phone number, delivery address
          and billing address (if different), what you bought, any custom text, and the order total.
        </li>
        <li>
          <strong>When you pay:</strong> you enter your card details on our payment provider&apos;s
          secure page. They are handled by the provider and never stored by us: we see only that the
          payment succeeded and, so you can recognise it, the card type and its last four digits.
        </li>
        <li>
          <strong>When you write a review:</strong> your name, e-mail address, rating, text and any
          photos. Your name is shown with the review; your e-mail address is never shown on the site
          or shared with other visitors. We remove hidden data, such as the location a photo was
          taken, before photos are published.
        </li>
        <li>
          <strong>When you contact us:</strong> what you send us by e-mail or social media.
        </li>
      </ul>
      <p>
        Your cart is kept in your own browser&apos;s storage until you check out. We don&apos;t use
        advertising or tracking cookies.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>
          To make, send and support your order, and deal with returns (our contract with you).
        </li>
        <li>To keep the accounting records the law requires (legal obligation).</li>
        <li>
          To prevent fraud, answer your messages and mark reviews from real buyers as verified (our
          legitimate interests).
        </li>
        <li>To publish your review, which you can ask us to remove at any time (consent).</li>
      </ul>
      <p>We never sell your data, and we only send marketing e-mails if you have asked for them.</p>

      <h2>Who we share it with</h2>
      <p>
        Only those who help us run the shop: our payment provider, the courier delivering your
        parcel (name, address and phone number), and our hosting and e-mail providers. Where a
        provider handles data outside the UK, we make sure it is protected to UK standards.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Order records for six years, as UK tax law requires. Reviews until you ask us to remove
        them. Messages for up to two years after we last hear from you.
      </p>

      <h2>Your rights</h2>
      <p>
        Under the UK GDPR and the Data Protection Act 2018 you can ask for a copy of your data, ask
        us to correct it or delete it, object to or restrict how we use it, take it elsewhere, and
        withdraw consent. E-mail us and we will answer within one month (we usually acknowledge it
        within {POLICY.enquiryReply}). If you are unhappy with how we handled your data, you can
        complain to the{" "}
        <ExternalLink href={ICO_COMPLAINTS}>Information Commissioner&apos;s Office</ExternalLink>.
      </p>

      <h2>Age</h2>
      <p>
        Buyers must be {POLICY.minimumAge} or over. Our kids&apos; kit is bought by parents and
        guardians, and we don&apos;t knowingly collect data from children.
      </p>
      <p>If we change this policy, the new version will be published on this page.</p>
    </>
  );
}

export const privacyPolicy: InfoPageContent = {
  title: "Privacy policy",
  eyebrow: "Legal",
  description: `What personal data ${BRAND.name} collects when you order or review, why, who it is shared with and your rights under UK GDPR.`,
  lead: "What personal data we collect when you shop with us or write a review, why we collect it, and your rights under UK data protection law.",
  Body,
};
