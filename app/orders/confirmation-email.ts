import { choiceDetails } from "~/catalogue/options";
import { BRAND } from "~/components/brand";
import type { PostalAddress } from "~/db/schema";
import { formatPence } from "~/pricing/money";
import { leadTime } from "~/stock/stock";

interface EmailOrder {
  orderNumber: string;
  subtotalPence: number;
  shippingPence: number;
  discountPence: number;
  discountCode: string | null;
  totalPence: number;
  shippingAddress: PostalAddress | null;
}

interface EmailLine {
  productName: string;
  optionType: string;
  size: string;
  beltRank: string | null;
  color: string | null;
  customText: string | null;
  nameCustomisation: boolean;
  quantity: number;
  lineTotalPence: number;
  fromStock: boolean;
}

export function describeOrderLine(line: EmailLine): string {
  return choiceDetails(line).join(", ");
}

function addressLines(address: PostalAddress | null): string[] {
  if (!address) return [];
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    address.city,
    address.postcode,
    address.country,
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The order confirmation e-mail (order number, lines, totals, address, lead times). */
export function confirmationEmail(
  order: EmailOrder,
  lines: readonly EmailLine[],
  reviewLinks: readonly { productName: string; url: string }[] = [],
) {
  const subject = `Your ${BRAND.name} order ${order.orderNumber}`;
  const lineText = lines.map(
    (l) =>
      `${l.quantity} × ${l.productName} (${describeOrderLine(l)}): ${formatPence(l.lineTotalPence)}\n    ${leadTime(l.fromStock)}`,
  );
  const totals: [string, string][] = [
    ["Subtotal", formatPence(order.subtotalPence)],
    ["Shipping", formatPence(order.shippingPence)],
  ];
  if (order.discountPence > 0) {
    totals.push([
      `Discount (${order.discountCode ?? "code"})`,
      `-${formatPence(order.discountPence)}`,
    ]);
  }
  totals.push(["Total paid", formatPence(order.totalPence)]);
  const leadTimes =
    "Each line above says when it is dispatched: in-stock items within 2-3 working days, made-to-order and personalised items (anything with a name on it) within 3-6 weeks. UK standard delivery then takes 2-5 working days.";
  const address = addressLines(order.shippingAddress);
  const text = [
    `Thank you for your order!`,
    ``,
    `Order number: ${order.orderNumber}`,
    ``,
    ...lineText,
    ``,
    ...totals.map(([k, v]) => `${k}: ${v}`),
    ``,
    `Delivering to:`,
    ...address,
    ``,
    leadTimes,
    ``,
    ...(reviewLinks.length
      ? [
          `Once it has arrived, tell others what you think. Reviews sent from these links show as a verified purchase:`,
          ...reviewLinks.map((link) => `${link.productName}: ${link.url}`),
          ``,
        ]
      : []),
    `Questions? Reply to this e-mail or write to ${BRAND.email} with your order number.`,
    `${BRAND.name}: ${BRAND.slogan}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b0b0c">
<h1 style="font-size:22px">Thank you for your order!</h1>
<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>
<table cellpadding="6" style="border-collapse:collapse">
${lines
  .map(
    (l) =>
      `<tr><td>${l.quantity} ×</td><td>${escapeHtml(l.productName)}<br><small>${escapeHtml(describeOrderLine(l))}</small><br><small>${escapeHtml(leadTime(l.fromStock))}</small></td><td align="right">${formatPence(l.lineTotalPence)}</td></tr>`,
  )
  .join("\n")}
${totals.map(([k, v]) => `<tr><td></td><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>
<p><strong>Delivering to:</strong><br>${address.map(escapeHtml).join("<br>")}</p>
<p>${leadTimes}</p>
${reviewLinks.length ? `<p>Once it has arrived, tell others what you think. Reviews sent from these links show as a verified purchase:</p><ul>${reviewLinks.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.productName)}</a></li>`).join("")}</ul>` : ""}
<p>Questions? Reply to this e-mail or write to ${BRAND.email} with your order number.</p>
<p>${BRAND.name}: ${BRAND.slogan}</p>
</body></html>`;
  return { subject, text, html };
}
