import { requireOwner } from "~/owners/guard.server";
import { Button, ButtonLink } from "~/ui/Button";
import { Wordmark } from "~/components/Wordmark";
import { dbFrom, settingsFrom } from "~/db/context.server";
import { ordersForPrint } from "~/flows/back-office/back-office.server";
import { OrderLines } from "~/flows/back-office/OrderLines";
import { sellerVatNumber } from "~/orders/receipt.server";
import { returnsAddressOf, sellerLines } from "~/policy/shop-settings";
import { returnsNotice } from "~/policy/consumer-rights";
import { VatReceiptLines } from "~/flows/back-office/VatReceiptLines";
import { formatPence } from "~/pricing/money";
import { deliveryLabel, postalLines } from "~/orders/delivery-label";
import { catalogueFrom } from "~/catalogue/store.server";
import { orderVatBands, vatReceipt } from "~/pricing/vat";
import type { Route } from "./+types/admin.orders.print";

export const meta = () => [{ title: "Packing slips | GRIP TRUTH back office" }];

/** Packing slip and job sheet for one order or the orders ticked in the list (X-OPS-5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const wanted = new URL(request.url).searchParams.getAll("orders");
  const slips = await ordersForPrint(dbFrom(context), wanted);
  // With a VAT number the slip is also the VAT receipt (X-UK-2): the owner's, as on receipts.
  const shop = (await catalogueFrom(context)).settings.settings;
  const { delivery } = shop;
  const vatNumber = sellerVatNumber(shop, settingsFrom(context));
  return {
    // The seller's address for questions, as the owner set it (X-TRUE-2).
    sellerEmail: shop.seller.email,
    // Who sells and where returns go (X-OWN-1), as the owner set them.
    seller: sellerLines(shop.seller),
    returnsAddress: [shop.seller.name, "Returns", ...returnsAddressOf(shop.seller)].join(", "),
    returnDays: shop.returns.days,
    slips: slips.map((slip) => ({
      ...slip,
      vat: vatReceipt(orderVatBands(slip.order), vatNumber),
      deliveryLabel: deliveryLabel(slip.order, delivery),
    })),
  };
}

export default function PrintSlips({ loaderData }: Route.ComponentProps) {
  const { slips, sellerEmail, seller, returnsAddress, returnDays } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="mr-auto font-display text-3xl font-bold uppercase">
          {slips.length === 1 ? "Packing slip" : `Packing slips (${slips.length})`}
        </h1>
        <ButtonLink to="/admin/orders">Back to orders</ButtonLink>
        <Button type="button" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {slips.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 ring-1 ring-black/5">
          Tick orders in the list, then choose Print selected.
        </p>
      ) : null}
      {slips.map(({ order, lines, vat, deliveryLabel }) => {
        const to = order.shippingAddress;
        return (
          <article
            key={order.id}
            aria-label={`Packing slip ${order.orderNumber}`}
            className="mt-6 rounded-lg bg-white p-6 text-ink ring-1 ring-black/5 print:mt-0 print:break-after-page print:rounded-none print:p-0 print:ring-0"
          >
            <header className="flex items-start justify-between gap-4 border-b-2 border-ink pb-3">
              <p className="text-2xl">
                <Wordmark />
              </p>
              <div className="text-right">
                <p className="font-display text-2xl font-bold">{order.orderNumber}</p>
                <p className="text-sm">
                  {new Date(order.createdAt).toLocaleDateString("en-GB", { dateStyle: "long" })}
                </p>
              </div>
            </header>
            <section className="mt-4" aria-label="Deliver to">
              <h2 className="text-sm font-semibold tracking-wide uppercase">Deliver to</h2>
              {to ? (
                <address className="mt-1 text-lg not-italic">
                  {postalLines(to).map((line, index) => (
                    <span key={index} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : (
                <p>No address yet (not paid).</p>
              )}
            </section>
            <section className="mt-4" aria-label="Job sheet">
              <h2 className="text-sm font-semibold tracking-wide uppercase">
                Job sheet: make and pack
              </h2>
              <OrderLines lines={lines} prices={false} />
            </section>
            <section className="mt-4 border-t border-stone pt-3" aria-label="Paid">
              <dl className="space-y-1 text-sm">
                <div className="flex justify-between gap-4">
                  <dt>Delivery</dt>
                  <dd>{deliveryLabel}</dd>
                </div>
                <div className="flex justify-between gap-4 font-semibold">
                  <dt>Total paid</dt>
                  <dd>{formatPence(order.totalPence)}</dd>
                </div>
              </dl>
              <VatReceiptLines receipt={vat} className="mt-1" />
            </section>
            <p className="mt-4 border-t border-stone pt-3 text-sm">
              Questions about your order? {sellerEmail} · quote {order.orderNumber}
            </p>
            <p className="mt-1 text-sm" data-testid="slip-returns">
              {returnsNotice(returnDays)}: post returns to {returnsAddress}.
            </p>
            <p className="mt-1 text-xs text-muted" data-testid="slip-seller">
              Sold by {seller.join(", ")}
            </p>
          </article>
        );
      })}
    </div>
  );
}
