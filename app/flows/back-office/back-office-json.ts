import type { ExchangeFulfilment } from "~/returns/schema";
import type { HistoryEntry } from "./back-office.server";
import type { Order, OrderLine } from "~/orders/orders.server";
import type { Refund } from "../refunds/refunds.server";
import { fulfilmentLabel, legacyStatus, orderPath, refundableFrom } from "~/orders/status";
import { orderVatBands } from "~/pricing/vat";

/** The owner's JSON for one order (GET /api/admin/orders/:orderNumber and the status change). */
export function orderJson(
  order: Order,
  extra: {
    lines?: readonly (OrderLine & { teamName?: string | null })[];
    history?: readonly HistoryEntry[];
    refunds?: readonly Refund[];
    exchanges?: readonly ExchangeFulfilment[];
  } = {},
) {
  const name = order.shippingAddress
    ? `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim()
    : "";
  return {
    order_number: order.orderNumber,
    /** The one-value status older clients read, derived from the two below (X-ORD-1). */
    status: legacyStatus(order),
    payment_status: order.paymentStatus,
    fulfilment_status: order.fulfilmentStatus,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    customer_email: order.customerEmail,
    customer_name: name,
    customer_phone: order.customerPhone,
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    currency: order.currency,
    subtotal_pence: order.subtotalPence,
    shipping_pence: order.shippingPence,
    discount_code: order.discountCode,
    discount_percent: order.discountPercent,
    discount_pence: order.discountPence,
    total_pence: order.totalPence,
    refunded_pence: order.refundedPence,
    // X-VAT-3: the VAT by rate as charged, stored when the order was priced.
    vat_breakdown: orderVatBands(order).map((band) => ({
      rate_percent: band.rate_percent,
      net_pence: band.net_pence,
      vat_pence: band.vat_pence,
      gross_pence: band.gross_pence,
    })),
    refundable_pence: refundableFrom(order),
    payment_provider: order.paymentProvider,
    card_brand: order.cardBrand,
    card_last4: order.cardLast4,
    payment_reference: order.paymentReference,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    // X-TEAM-6: delivered with this team to its address (no address was asked of the member).
    team_delivery: order.teamDeliverySlug
      ? { team: order.teamDeliverySlug, address: order.teamDeliveryAddress }
      : null,
    ...(extra.lines
      ? {
          lines: extra.lines.map((l) => ({
            product_id: l.productId,
            product_name: l.productName,
            option_type: l.optionType,
            size: l.size,
            belt_rank: l.beltRank,
            color: l.color,
            custom_text: l.customText,
            name_customisation: l.nameCustomisation,
            quantity: l.quantity,
            unit_price_pence: l.unitPricePence,
            line_total_pence: l.lineTotalPence,
            // X-VAT-2: its rate and its part of that rate's VAT, as charged.
            vat_rate_percent: l.vatRatePercent,
            vat_pence: l.vatPence,
            // X-ORD-3: a team member's line names its team and the name printed on the kit.
            team: l.teamSlug,
            team_name: l.teamName ?? null,
            print_name: l.printName,
            // Issue 41: cancelled with its team (and refunded) while the rest of the order goes on.
            cancelled_at: l.cancelledAt?.toISOString() ?? null,
            // Issue 53: taken from stock as it is (ready to dispatch) or made for this order.
            from_stock: l.fromStock,
          })),
          // Issue 53: "stock" (dispatched straight from paid) or "make" (in production, made).
          path: orderPath(extra.lines),
          fulfilment_label: fulfilmentLabel(order, orderPath(extra.lines)),
        }
      : {}),
    ...(extra.history ? { history: extra.history } : {}),
    ...(extra.refunds ? { refunds: extra.refunds.map(refundJson) } : {}),
    // X-FIT-2: size exchanges, each a fulfilment of its own (no payment of its own).
    ...(extra.exchanges
      ? {
          exchange_fulfilments: extra.exchanges.map(exchangeJson),
        }
      : {}),
  };
}

export function refundJson(refund: Refund) {
  return {
    id: refund.id,
    amount_pence: refund.amountPence,
    status: refund.status,
    provider: refund.provider,
    provider_reference: refund.providerReference,
    created_by: refund.createdBy,
    reason: refund.reason,
    created_at: refund.createdAt.toISOString(),
    // X-VAT-4: the VAT it gives back, by rate.
    vat_pence: refund.vatPence,
    vat_breakdown: refund.vatBreakdown,
  };
}

/** X-FIT-2: an exchange fulfilment in the owner's JSON (the order's, and its dispatch's answer). */
export function exchangeJson(e: ExchangeFulfilment) {
  return {
    id: e.id,
    product_id: e.productId,
    option_type: e.optionType,
    size: e.size,
    color: e.color || null,
    quantity: e.quantity,
    status: e.status,
    from_stock: e.fromStock,
    created_at: e.createdAt.toISOString(),
    carrier: e.carrier,
    tracking_number: e.trackingNumber,
    dispatched_at: e.dispatchedAt?.toISOString() ?? null,
  };
}
