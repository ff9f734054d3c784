import { choiceDetails } from "~/catalogue/options";
import { linePhotoOf } from "~/catalogue/photos/gallery";
import { loadCatalogue } from "~/catalogue/store.server";
import type { Product } from "~/catalogue/types";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import type { Database } from "~/db/client.server";
import type { Env } from "~/shared/settings";
import { deliveryLabel } from "./delivery-label";
import { sellerLines, type ShopSettings } from "~/policy/shop-settings";
import { orderVatBands, vatReceipt } from "~/pricing/vat";
import { isPersonalised, lineNotice, rightToCancelIncluded } from "~/policy/consumer-rights";
import { linesOfOrder, type Order } from "./orders.server";

/** What a receipt or the confirmation e-mail needs from configuration: the VAT number (X-UK-2)
 *  and the shop's public origin (for the returns request link). */
export interface ConfirmationSettings {
  vatNumber?: string;
  shopUrl: string;
  /** The owner's settings (X-TRUE-2): seller, delivery, returns; the defaults when left out. */
  shop?: ShopSettings;
}

/** The configuration every receipt reads: the VAT number (X-UK-2) and the shop's public address. */
export function receiptSettings(
  settings: OriginSettings & Pick<Env, "VAT_NUMBER">,
): ConfirmationSettings {
  return { vatNumber: settings.VAT_NUMBER, shopUrl: canonicalOrigin(settings) };
}

/**
 * The seller's VAT number on every receipt, e-mail and slip (X-UK-2, X-TRUE-2): the owner's
 * settings first, else the VAT_NUMBER setting; none: no VAT receipt.
 */
export function sellerVatNumber(
  shop: Pick<ShopSettings, "seller">,
  settings: Pick<Env, "VAT_NUMBER">,
): string | undefined {
  return shop.seller.vatNumber ?? settings.VAT_NUMBER;
}

/**
 * A receipt line's picture (X-PHOTO-3), as the cart and checkout lines have it: the owner's first
 * photo of the line's colour, else the first photo, else the first drawing.
 */
function linePicture(product: Product | undefined, color: string | null) {
  if (!product) return null;
  const photo = linePhotoOf(product, color);
  if (photo) return { photo };
  const drawing = product.images[0];
  return drawing ? { src: drawing.src } : null;
}

/**
 * What the confirmation page shows of a paid order (X-UK-1..3): its lines with their
 * cancellation notice, the delivery method, the totals as stored, and the VAT lines when the shop
 * has a VAT number. Part of POST /api/verify-order's answer as `receipt`.
 */
export async function orderReceipt(
  db: Database,
  order: Order,
  settings: Pick<Env, "VAT_NUMBER">,
  now: Date,
) {
  const lines = await linesOfOrder(db, order.id);
  const catalogue = await loadCatalogue(db, now.getTime());
  const shop = catalogue.settings.settings;
  // X-VAT-3: the VAT by rate stored when the order was priced, never worked out again.
  const vat = vatReceipt(orderVatBands(order), sellerVatNumber(shop, settings));
  return {
    shipping_method: order.shippingMethod,
    shipping_method_label: deliveryLabel(order, shop.delivery),
    subtotal_pence: order.subtotalPence,
    shipping_pence: order.shippingPence,
    discount_pence: order.discountPence,
    discount_code: order.discountCode,
    total_pence: order.totalPence,
    vat: vat
      ? {
          label: vat.label,
          vat_pence: vat.vatPence,
          vat_number: vat.vatNumber,
          rows: vat.rows.map((row) => ({
            rate_percent: row.ratePercent,
            label: row.label,
            amount_pence: row.amountPence,
          })),
        }
      : null,
    // X-OWN-1, X-UK-4: who sells, as the confirmation e-mail prints it (issue 49 item 6).
    seller: sellerLines(shop.seller),
    returns_notice: rightToCancelIncluded(shop.returns.days),
    lines: lines.map((line) => ({
      product_name: line.productName,
      details: choiceDetails(line).join(" · "),
      quantity: line.quantity,
      line_total_pence: line.lineTotalPence,
      personalised: isPersonalised(line),
      notice: lineNotice(line, shop.returns.days),
      // X-STK-2: from the shelf or made to order.
      from_stock: line.fromStock,
      picture: linePicture(catalogue.all.get(line.productId), line.color),
    })),
  };
}

export type OrderReceipt = Awaited<ReturnType<typeof orderReceipt>>;
