import { BRAND } from "~/shared/brand";
import { EmailLink, TextLink } from "~/ui/links";
import { useShopContact } from "~/ui/shop-contact";
import { POLICY, type SettingsPolicy } from "~/policy/policy";
import type { InfoPageContent } from "./types";

/** The seller a contract is made with (X-OWN-1), from the owner's settings. */
function SellerParagraph() {
  const seller = useShopContact();
  return (
    <p>
      {BRAND.name} is run by {seller.name}, {seller.postalAddress.join(", ")}
      {seller.companyNumber ? ` (company number ${seller.companyNumber})` : ""}
      {seller.vatNumber ? `, VAT number ${seller.vatNumber}` : ""}. When you order, your contract is
      with {seller.name}.
    </p>
  );
}

function Body({ policy }: { policy: SettingsPolicy }) {
  return (
    <>
      <h2>Who we are</h2>
      <SellerParagraph />

      <h2>Who can buy</h2>
      <p>
        You must be {POLICY.minimumAge} or over to buy from {BRAND.name}. Kids&apos; kit should be
        ordered by a parent or guardian.
      </p>

      <h2>Prices and payment</h2>
      <p>
        Prices are in {POLICY.currency}. Delivery is added at checkout and shown before you pay (see{" "}
        <TextLink to="/delivery">delivery</TextLink>). Payment is taken by our payment provider when
        you place your order. If an item is listed at an obviously wrong price, we will contact you
        before dispatch and you can pay the right price or cancel for a full refund.
      </p>

      <h2>Your order</h2>
      <p>
        After you pay we send an order confirmation e-mail; our contract with you starts then. We
        may decline an order, for example if an item is unavailable or the payment looks fraudulent,
        and if we do we refund you in full.
      </p>

      <h2>Made-to-order and custom items</h2>
      <p>
        Made-to-order items are dispatched within {POLICY.madeToOrder}; in-stock items within{" "}
        {POLICY.inStockDispatch}. Custom text (up to 20 characters) is printed or embroidered
        exactly as you enter it, so please check it. We may refuse text that is offensive or uses
        someone else&apos;s trade mark. For academy kit, you confirm you have the right to use any
        logo you send us. Custom items can&apos;t be changed once production has started.
      </p>

      <h2>Discount codes</h2>
      <p>
        One code per order. A code takes its percentage off the price of your items, not delivery,
        can&apos;t be exchanged for cash and may expire.
      </p>

      <h2>Delivery, returns and refunds</h2>
      <p>
        Delivery times are estimates and are set out on our{" "}
        <TextLink to="/delivery">delivery</TextLink> and{" "}
        <TextLink to="/shipping">production</TextLink> pages. Under our{" "}
        <TextLink to="/returns">returns policy</TextLink> you can report a faulty item within{" "}
        {POLICY.faultReportDays} days of delivery and return unworn non-custom items in their
        original packaging within {policy.returnDays} days. Refunds are made within{" "}
        {POLICY.refundTime}. Custom items are non-returnable unless faulty.
      </p>

      <h2>Reviews and photos</h2>
      <p>
        Reviews must be your own honest experience and must not be offensive or unlawful or include
        other people&apos;s personal details. Only upload photos you took or have the right to
        share. By posting, you let us show your review and photos on our site. We may remove a
        review that breaks these rules.
      </p>

      <h2>Our responsibility to you</h2>
      <p>
        We are responsible for losses you suffer that are a foreseeable result of us breaking these
        terms or failing to use reasonable care. We are not responsible for losses that were not
        foreseeable, or for business losses. Nothing here limits our liability for death or personal
        injury caused by our negligence, for fraud, or your rights under the Consumer Rights Act
        2015. Martial arts carry a risk of injury: protective accessories reduce that risk but
        can&apos;t remove it.
      </p>

      <h2>Designs and content</h2>
      <p>
        Our designs, logos, pictures and text belong to {BRAND.name}. Please don&apos;t copy them
        without our permission.
      </p>

      <h2>The law</h2>
      <p>
        These terms are governed by the law of England and Wales. If you live in Scotland or
        Northern Ireland, you can also bring a claim in your local courts. Questions about these
        terms? E-mail <EmailLink subject="Terms of service" />.
      </p>
    </>
  );
}

export const termsOfService: InfoPageContent = {
  title: "Terms of service",
  eyebrow: "Legal",
  description: `The terms that apply when you buy from ${BRAND.name}: who can buy, prices in GBP, made-to-order items, discount codes, returns and reviews.`,
  lead: "These terms apply when you buy from us. Please read them before you order; they don't affect your legal rights as a consumer.",
  Body,
};
