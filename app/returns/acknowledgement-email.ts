import { BRAND } from "~/shared/brand";
import { POLICY } from "~/policy/policy";
import { returnsAddressOf, type SellerSettings } from "~/policy/shop-settings";
import { escapeHtml } from "~/shared/escape";

/** The acknowledgement of a returns request (X-UK-5): what was asked for and what to do next,
 *  with the returns address and e-mail the owner set (X-OWN-1) and their window (X-OWN-5). */
export function returnAcknowledgementEmail(
  request: {
    reference: string;
    orderNumber: string;
    reason: string;
    lines: readonly {
      productName: string;
      details: string;
      quantity: number;
      exchangeSize?: string | null;
    }[];
  },
  shop: { seller: SellerSettings; returns: { days: number } },
) {
  const { seller } = shop;
  const subject = `Your return request ${request.reference} for order ${request.orderNumber}`;
  const items = request.lines.map(
    (l) => `${l.quantity} × ${l.productName}${l.details ? ` (${l.details})` : ""}`,
  );
  const address = [seller.name, "Returns", ...returnsAddressOf(seller)];
  // Issue 53: a customer who asked for another size is told of the replacement, not a refund.
  const exchanged = request.lines.filter((l) => l.exchangeSize);
  const allExchanged = exchanged.length === request.lines.length;
  const replacement = `send you ${exchanged.map((l) => `size ${l.exchangeSize} of the ${l.productName}`).join(" and ")} as a new delivery of order ${request.orderNumber}, with nothing more to pay (if a size has sold out by then, we refund that item instead)`;
  const steps = [
    `Pack the items unworn and unwashed, with their tags, in their original packaging, with a note of your order number ${request.orderNumber} and return reference ${request.reference}.`,
    `Post them within ${shop.returns.days} days of today to the address below. Use a tracked service and keep the receipt until ${allExchanged ? "your new size arrives" : "your refund arrives"}; return postage is yours to pay.`,
    allExchanged
      ? `When they reach us we check them and ${replacement}; we e-mail you when it is on its way.`
      : exchanged.length
        ? `When they reach us we check them, ${replacement}, and refund the other items to your original payment method within ${POLICY.refundTime}; we e-mail you as each is done.`
        : `When they reach us we check them and refund your original payment method within ${POLICY.refundTime}, and e-mail you when it is done.`,
  ];
  const text = [
    `We have your return request ${request.reference} for order ${request.orderNumber}.`,
    ``,
    `Items:`,
    ...items,
    ``,
    `Your reason: ${request.reason}`,
    ``,
    `What to do next:`,
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    ``,
    `Returns address:`,
    ...address,
    ``,
    `Questions? Reply to this e-mail or write to ${seller.email} with your order number.`,
    `${BRAND.name}: ${BRAND.slogan}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b0b0c">
<h1 style="font-size:22px">We have your return request</h1>
<p>Reference <strong>${escapeHtml(request.reference)}</strong> for order <strong>${escapeHtml(request.orderNumber)}</strong>.</p>
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>
<p>Your reason: ${escapeHtml(request.reason)}</p>
<h2 style="font-size:18px">What to do next</h2>
<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>
<p><strong>Returns address:</strong><br>${address.map(escapeHtml).join("<br>")}</p>
<p>Questions? Reply to this e-mail or write to ${escapeHtml(seller.email)} with your order number.</p>
</body></html>`;
  return { subject, text, html };
}

/** The shop's own note of a return request (X-DAY-5), to the shop's notices address (X-OWN-1); replying reaches the customer. */
export function returnRequestNotice(
  request: {
    reference: string;
    orderNumber: string;
    customerEmail: string;
    reason: string;
    lines: readonly { productName: string; details: string; quantity: number }[];
  },
  shopUrl: string,
) {
  return {
    subject: `Return requested: ${request.reference} for order ${request.orderNumber}`,
    replyTo: request.customerEmail,
    text: [
      `${request.customerEmail} asked to return items of order ${request.orderNumber} (reference ${request.reference}).`,
      "",
      "Items:",
      ...request.lines.map(
        (l) => `${l.quantity} × ${l.productName}${l.details ? ` (${l.details})` : ""}`,
      ),
      "",
      `Reason: ${request.reason}`,
      "",
      `Returns in the back office: ${new URL("/admin/returns", shopUrl).toString()}`,
    ].join("\n"),
  };
}
