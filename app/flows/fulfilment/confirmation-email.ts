import type { EmailPicture } from "~/catalogue/photos/gallery";
import { describeOrderLine } from "~/orders/line-description";
import type { ConfirmationSettings } from "~/orders/receipt.server";
import { BRAND } from "~/shared/brand";
import { POLICY } from "~/policy/policy";
import type { PostalAddress } from "~/orders/schema";
import { formatPence } from "~/pricing/money";
import type { LineChoiceOrNull } from "~/shared/line-choice";
import { deliveryLabel, postalLines } from "~/orders/delivery-label";
import { methodSetting, SHIPPING_METHODS, type ShippingMethodId } from "~/pricing/shipping";
import {
  DEFAULT_SHOP_SETTINGS,
  returnsAddressOf,
  sellerLines as sellerLinesOf,
  type ShopSettings,
} from "~/policy/shop-settings";
import { orderVatBands, type VatBand, vatReceipt } from "~/pricing/vat";
import { leadTime } from "~/stock/stock";
import { lineNeedsMaking, orderPath } from "~/orders/status";
import { lineNotice, rightToCancelIncluded } from "~/policy/consumer-rights";
import { escapeHtml } from "~/shared/escape";

interface EmailOrder {
  orderNumber: string;
  subtotalPence: number;
  shippingPence: number;
  shippingMethod: ShippingMethodId;
  discountPence: number;
  discountCode: string | null;
  totalPence: number;
  /** X-VAT-2: the VAT by rate stored when it was priced (absent: 20% of the total). */
  vatBreakdown?: readonly VatBand[] | null;
  shippingAddress: PostalAddress | null;
  /** X-TEAM-6: delivered with the member's team to this address. */
  teamDeliveryAddress?: string | null;
}

/** An order line as the e-mail shows it: the choice (X-ARCH-3), as the order row holds it. */
type EmailLine = Required<
  Pick<
    LineChoiceOrNull,
    "optionType" | "size" | "beltRank" | "color" | "customText" | "nameCustomisation" | "quantity"
  >
> & {
  productName: string;
  lineTotalPence: number;
  /** The unit price it was reduced from, when it was sold reduced (X-CAT-5). */
  wasUnitPricePence?: number | null;
  /** Taken from stock (dispatched in days) or made to order (X-STK-2). */
  fromStock: boolean;
  /** A team member's name to print (X-TEAM-2): the line is made. */
  printName?: string | null;
  /** The owner's photo of it as a JPEG, else the drawing as a PNG (X-PHOTO-3); absolute. */
  picture?: EmailPicture;
};

/** A line's picture cell: a plain `<img>` with its size and alt text, as every mail client shows. */
function pictureCell(picture: EmailPicture | undefined): string {
  if (!picture) return `<td></td>`;
  return `<td valign="top" width="${picture.width}"><img src="${escapeHtml(picture.src)}" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(picture.alt)}" style="display:block;border:0;border-radius:6px;background:#eeeae4"></td>`;
}

/** The seller's name, postal address and e-mail (X-UK-4), from the owner's settings (X-TRUE-2). */
export function sellerLines(shop: ShopSettings = DEFAULT_SHOP_SETTINGS): string[] {
  return sellerLinesOf(shop.seller);
}

/** The right to cancel and how to use it (X-UK-4), as paragraphs. */
export function rightToCancelText(
  returnsUrl: string,
  shop: ShopSettings = DEFAULT_SHOP_SETTINGS,
): string[] {
  const days = shop.returns.days;
  return [
    // X-OWN-5: one window, the owner's, with the legal right explained once.
    rightToCancelIncluded(days),
    `You can cancel your order for non-personalised items within ${days} days of the day they are delivered to you (when we have no delivery date, of dispatch plus the delivery time), without giving a reason. To do so, send us a returns request at ${returnsUrl} with your order number and e-mail address, or e-mail ${shop.seller.email} with your order number and the items. Send the items back within ${days} days of telling us, to ${[shop.seller.name, ...returnsAddressOf(shop.seller)].join(", ")}; we refund them within ${POLICY.refundTime} of receiving them.`,
    `Personalised items (anything with your name or text on it) are made to your specification and are excluded from the right to cancel; they can be returned only if they are faulty. Faults can be reported within ${POLICY.faultReportDays} days of delivery, and your rights under the Consumer Rights Act 2015 are not affected.`,
  ];
}

/**
 * The order confirmation e-mail (X-UK-4): every line with its options, custom text and
 * cancellation right; the delivery method; totals (and a VAT receipt with a VAT number); the
 * address; lead times; the right to cancel with how to use it; and who the seller is.
 */
export function confirmationEmail(
  order: EmailOrder,
  lines: readonly EmailLine[],
  settings: ConfirmationSettings,
  reviewLinks: readonly { productName: string; url: string }[] = [],
) {
  const subject = `Your ${BRAND.name} order ${order.orderNumber}`;
  const shop = settings.shop ?? DEFAULT_SHOP_SETTINGS;
  const method = {
    name: SHIPPING_METHODS[order.shippingMethod].name,
    leadTime: methodSetting(order.shippingMethod, shop.delivery).leadTime,
    label: deliveryLabel(order, shop.delivery),
  };
  const vat = vatReceipt(orderVatBands(order), settings.vatNumber);
  const returnsUrl = new URL("/returns/request", settings.shopUrl).toString();
  const wasTotal = (l: EmailLine) =>
    l.wasUnitPricePence ? formatPence(l.wasUnitPricePence * l.quantity) : null;
  const lineText = lines.flatMap((l) => [
    `${l.quantity} × ${l.productName}${describeOrderLine(l) ? ` (${describeOrderLine(l)})` : ""}: ${formatPence(l.lineTotalPence)}${wasTotal(l) ? ` (was ${wasTotal(l)})` : ""}`,
    `    ${leadTime(l.fromStock)}`,
    `    ${lineNotice(l, shop.returns.days)}`,
  ]);
  const totals: [string, string][] = [
    ["Subtotal", formatPence(order.subtotalPence)],
    ["Shipping", order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence)],
  ];
  if (order.discountPence > 0) {
    totals.push([
      `Discount (${order.discountCode ?? "code"})`,
      `-${formatPence(order.discountPence)}`,
    ]);
  }
  totals.push(["Total paid", formatPence(order.totalPence)]);
  if (vat) {
    // X-VAT-3: "VAT at 20%" with its VAT, "Zero-rated" with its value.
    for (const row of vat.rows) totals.push([row.label, formatPence(row.amountPence)]);
    totals.push(["VAT number", vat.vatNumber]);
  }
  // Issue 53: the order's own path; no made-to-order time for an order all off the shelf.
  const pathLines = lines.map((l) => ({
    ...l,
    nameCustomisation: Boolean(l.nameCustomisation),
    printName: l.printName ?? null,
  }));
  const path = orderPath(pathLines);
  const mixed = path === "make" && pathLines.some((l) => !lineNeedsMaking(l));
  const whenDispatched =
    path === "stock"
      ? `Everything above is in stock: dispatched within ${POLICY.inStockDispatch}.`
      : mixed
        ? `Each line above says when it is dispatched: in-stock items within ${POLICY.inStockDispatch}, made-to-order and personalised items (anything with a name on it) within ${POLICY.madeToOrder}; we send them together.`
        : `Made to order and personalised (anything with a name on it): dispatched within ${POLICY.madeToOrder}.`;
  const leadTimes = `${whenDispatched} ${order.teamDeliveryAddress ? "Your kit then goes with your team's order to the address above, in one parcel." : `${method.name} delivery then takes ${method.leadTime}.`}`;
  const address = postalLines(order.shippingAddress);
  const cancel = rightToCancelText(returnsUrl, shop);
  const seller = sellerLines(shop);
  const text = [
    `Thank you for your order!`,
    ``,
    `Order number: ${order.orderNumber}`,
    ...(vat ? [`This e-mail is your VAT receipt.`] : []),
    ``,
    ...lineText,
    ``,
    `Delivery: ${method.label}`,
    ...totals.map(([k, v]) => `${k}: ${v}`),
    ``,
    order.teamDeliveryAddress ? `Delivering with your team to:` : `Delivering to:`,
    ...address,
    ``,
    leadTimes,
    ``,
    `Your right to cancel`,
    ...cancel,
    ``,
    `Sold by:`,
    ...seller,
    ``,
    ...(reviewLinks.length
      ? [
          `Once it has arrived, tell others what you think. Reviews sent from these links show as a verified purchase:`,
          ...reviewLinks.map((link) => `${link.productName}: ${link.url}`),
          ``,
        ]
      : []),
    `Questions? Reply to this e-mail or write to ${shop.seller.email} with your order number.`,
    `${BRAND.name}: ${BRAND.slogan}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b0b0c">
<h1 style="font-size:22px">Thank you for your order!</h1>
<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>
${vat ? "<p>This e-mail is your VAT receipt.</p>" : ""}
<table cellpadding="6" style="border-collapse:collapse">
${lines
  .map(
    (l) =>
      `<tr>${pictureCell(l.picture)}<td valign="top">${l.quantity} ×</td><td>${escapeHtml(l.productName)}<br><small>${escapeHtml(describeOrderLine(l))}</small><br><small>${escapeHtml(leadTime(l.fromStock))}</small><br><small><strong>${escapeHtml(lineNotice(l, shop.returns.days))}</strong></small></td><td align="right" valign="top">${wasTotal(l) ? `<s>${wasTotal(l)}</s> ` : ""}${formatPence(l.lineTotalPence)}</td></tr>`,
  )
  .join("\n")}
<tr><td colspan="2"></td><td>Delivery</td><td align="right">${escapeHtml(method.label)}</td></tr>
${totals.map(([k, v]) => `<tr><td colspan="2"></td><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>
<p><strong>${order.teamDeliveryAddress ? "Delivering with your team to:" : "Delivering to:"}</strong><br>${address.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(leadTimes)}</p>
<h2 style="font-size:18px">Your right to cancel</h2>
${cancel.map((p) => `<p>${escapeHtml(p).replace(escapeHtml(returnsUrl), `<a href="${escapeHtml(returnsUrl)}">${escapeHtml(returnsUrl)}</a>`)}</p>`).join("\n")}
<p><strong>Sold by:</strong><br>${seller.map(escapeHtml).join("<br>")}</p>
${reviewLinks.length ? `<p>Once it has arrived, tell others what you think. Reviews sent from these links show as a verified purchase:</p><ul>${reviewLinks.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.productName)}</a></li>`).join("")}</ul>` : ""}
<p>Questions? Reply to this e-mail or write to ${escapeHtml(shop.seller.email)} with your order number.</p>
<p>${escapeHtml(BRAND.name)}: ${escapeHtml(BRAND.slogan)}</p>
</body></html>`;
  return { subject, text, html };
}
