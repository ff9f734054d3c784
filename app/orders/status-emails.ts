import { BRAND } from "~/shared/brand";
import { POLICY } from "~/policy/policy";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from "~/policy/shop-settings";
import { formatPence } from "~/pricing/money";
import { trackingUrl } from "~/shared/carriers";
import { type VatBand, vatReceipt } from "~/pricing/vat";
import { escapeHtml } from "~/shared/escape";

export type CustomerNotice =
  | {
      kind: "in_production";
      /** Issue 53: the lines being made (made to order or personalised), and those already on
       *  the shelf that wait to go with them. Left out: the order's lines are not named. */
      made?: string[];
      fromStock?: string[];
    }
  | { kind: "made" }
  | {
      kind: "dispatched";
      carrier: string;
      trackingNumber: string;
      /** What is in the parcel, each line in words with its printed name (issue 41). */
      lines?: string[];
    }
  | { kind: "delivered" }
  | { kind: "cancelled" }
  | {
      kind: "refunded";
      amountPence: number;
      fully: boolean;
      /** The owner's reason, told to the customer (X-DAY-1). */
      reason?: string | null;
      /** The order was cancelled: this one e-mail says so with the refund (X-DAY-1). */
      cancelled?: boolean;
      /** Only some lines were cancelled (a team's, issue 41): which, and which still come. */
      linesCancelled?: string[];
      linesKept?: string[];
      /** X-VAT-4: the VAT it gives back by rate; shown with the seller's VAT number only. */
      vat?: readonly VatBand[];
      /** X-GIFT-5: what went back to the gift cards that paid (the last four of each) and what
       *  to the card payment; absent: all of it to the card payment. */
      tenders?: { giftCardPence: number; cardPence: number; giftCards: readonly string[] };
    };

interface NoticeOrder {
  orderNumber: string;
  shippingAddress?: { firstName?: string } | null;
}

/** Where a refund's money goes: the card paid with, the gift cards that paid, or both (X-GIFT-5). */
function whereItGoes(
  notice: Extract<CustomerNotice, { kind: "refunded" }>,
  subject: "It" | "The refund" = "It",
): string {
  const card = "the card you paid with, where it usually shows within 5-10 working days";
  const tenders = notice.tenders;
  if (!tenders || tenders.giftCardPence <= 0) {
    return `${subject} goes back to the card you paid with and usually shows within 5-10 working days.`;
  }
  const cards = tenders.giftCards.filter(Boolean);
  const giftCard =
    cards.length === 0
      ? "the gift card you paid with"
      : cards.length === 1
        ? `your gift card ending ${cards[0]}`
        : `your gift cards ending ${cards.slice(0, -1).join(", ")} and ${cards.at(-1)}`;
  if (tenders.cardPence <= 0) {
    return `${subject} goes back to ${giftCard}, ready to spend again straight away.`;
  }
  return `${formatPence(tenders.giftCardPence)} goes back to ${giftCard}, ready to spend again straight away, and ${formatPence(tenders.cardPence)} to ${card}.`;
}

function wording(
  order: NoticeOrder,
  notice: CustomerNotice,
  shop: ShopSettings,
): { subject: string; body: string[] } {
  const n = order.orderNumber;
  switch (notice.kind) {
    case "in_production":
      return {
        subject: `Your ${BRAND.name} order ${n} is in production`,
        body: [
          `Good news: we have started making your order ${n}.`,
          ...(notice.made?.length
            ? [
                `Being made for you (made-to-order and personalised items take ${POLICY.madeToOrder} before they are dispatched):`,
                ...notice.made.map((line) => `- ${line}`),
              ]
            : notice.made
              ? []
              : [
                  `Made-to-order and personalised items take ${POLICY.madeToOrder} before they are dispatched.`,
                ]),
          ...(notice.fromStock?.length
            ? [
                "Already on our shelf, and sent with the rest:",
                ...notice.fromStock.map((line) => `- ${line}`),
              ]
            : []),
          `We will e-mail you the tracking number as soon as it is on its way.`,
        ],
      };
    case "made":
      return {
        subject: `Your ${BRAND.name} order ${n} has been made`,
        body: [
          `Your order ${n} has been made and is being packed.`,
          `We will e-mail you the tracking number as soon as it is on its way.`,
        ],
      };
    case "dispatched":
      return {
        subject: `Your ${BRAND.name} order ${n} has been dispatched`,
        body: [
          `Your order ${n} is on its way.`,
          ...(notice.lines?.length
            ? ["In the parcel:", ...notice.lines.map((line) => `- ${line}`)]
            : []),
          `Carrier: ${notice.carrier}`,
          `Tracking number: ${notice.trackingNumber}`,
          ...(trackingUrl(notice.carrier, notice.trackingNumber)
            ? [
                `Follow your parcel on ${notice.carrier}'s site: ${trackingUrl(notice.carrier, notice.trackingNumber)}`,
              ]
            : []),
          `You can also follow it on our tracking page with your order number and e-mail address.`,
        ],
      };
    case "delivered":
      return {
        subject: `Your ${BRAND.name} order ${n} has been delivered`,
        body: [
          `Your order ${n} has been delivered. We hope you enjoy training in it.`,
          `Something not right? If an item is faulty, reply to this e-mail within ${POLICY.faultReportDays} days of delivery and we will sort it out. To return something unworn, send us a returns request within ${shop.returns.days} days of delivery.`,
        ],
      };
    case "cancelled":
      return {
        subject: `Your ${BRAND.name} order ${n} has been cancelled`,
        body: [
          `Your order ${n} has been cancelled.`,
          `If you have already paid, we will refund you and confirm the amount by e-mail.`,
        ],
      };
    case "refunded":
      if (notice.cancelled) {
        return {
          subject: `Your ${BRAND.name} order ${n} has been cancelled and ${formatPence(notice.amountPence)} refunded`,
          body: [
            `Your order ${n} has been cancelled and we have refunded ${formatPence(notice.amountPence)}${notice.fully ? " (the full amount)" : ""}.`,
            ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
            whereItGoes(notice),
          ],
        };
      }
      if (notice.linesCancelled?.length) {
        return {
          subject: `Part of your ${BRAND.name} order ${n} has been cancelled and ${formatPence(notice.amountPence)} refunded`,
          body: [
            `We have cancelled these items of your order ${n} and refunded ${formatPence(notice.amountPence)}:`,
            ...notice.linesCancelled.map((line) => `- ${line}`),
            ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
            ...(notice.linesKept?.length
              ? [
                  "The rest of your order is not cancelled: we will make and send these as usual:",
                  ...notice.linesKept.map((line) => `- ${line}`),
                ]
              : []),
            whereItGoes(notice, "The refund"),
          ],
        };
      }
      return {
        subject: `Refund of ${formatPence(notice.amountPence)} for your ${BRAND.name} order ${n}`,
        body: [
          `We have refunded ${formatPence(notice.amountPence)} for your order ${n}${notice.fully ? " (the full amount)" : ""}.`,
          ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
          whereItGoes(notice),
        ],
      };
  }
}

/** X-VAT-4: a refund's VAT by rate ("VAT at 20%", "Zero-rated"), only with a VAT number. */
function refundVatLines(notice: CustomerNotice, shop: ShopSettings): string[] {
  if (notice.kind !== "refunded" || !notice.vat?.length) return [];
  const vat = vatReceipt(notice.vat, shop.seller.vatNumber);
  if (!vat) return [];
  return [
    `Of this refund: ${vat.rows.map((row) => `${row.label} ${formatPence(row.amountPence)}`).join("; ")} (VAT number ${vat.vatNumber}).`,
  ];
}

/**
 * The e-mail telling the customer about a step in their order (X-OPS-4), with the seller's
 * address and the return window from the owner's settings (X-TRUE-2).
 */
export function customerNoticeEmail(
  order: NoticeOrder,
  notice: CustomerNotice,
  shop: ShopSettings = DEFAULT_SHOP_SETTINGS,
) {
  const worded = wording(order, notice, shop);
  const { subject } = worded;
  const body = [...worded.body, ...refundVatLines(notice, shop)];
  const greeting = order.shippingAddress?.firstName
    ? `Hi ${order.shippingAddress.firstName},`
    : "Hi,";
  const footer = [
    `Questions? Reply to this e-mail or write to ${shop.seller.email} with your order number.`,
    `${BRAND.name}: ${BRAND.slogan}`,
  ];
  const text = [greeting, "", ...body, "", ...footer].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b0b0c">
<p>${escapeHtml(greeting)}</p>
${body.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${footer.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
</body></html>`;
  return { subject, text, html };
}
