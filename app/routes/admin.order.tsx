import { partsFrom } from "~/flows/parts.server";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { Button, ButtonLink } from "~/ui/Button";
import { Field, SelectField, TextAreaField } from "~/ui/Field";
import type { PostalAddress } from "~/orders/order-types";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { sellerVatNumber } from "~/orders/receipt.server";
import { VatReceiptLines } from "~/flows/back-office/VatReceiptLines";
import { orderVatBands, vatReceipt } from "~/pricing/vat";
import { orderDetail } from "~/flows/back-office/back-office.server";
import { OrderLines } from "~/flows/back-office/OrderLines";
import { OrderHistory } from "~/flows/back-office/OrderHistory";
import { FulfilmentBadge, PaymentBadge } from "~/flows/back-office/StatusBadge";
import { DeliveryBadge } from "~/flows/back-office/DeliveryBadge";
import { deliveryLabel, postalLines } from "~/orders/delivery-label";
import { catalogueFrom } from "~/catalogue/store.server";
import { orderPageAction } from "~/flows/back-office/order-page-actions.server";
import { unpaidLabel } from "~/orders/order-number";
import {
  ACTION_LABELS,
  fulfilmentLabel,
  nextMoves,
  paymentLabel,
  refundableFrom,
} from "~/orders/status";
import { formatPence } from "~/pricing/money";
import { ReturnRequestsList } from "~/returns/ReturnRequestsList";
import { ReturnActions } from "~/flows/returns/ReturnActions";
import { pageEndpoint } from "~/security/edge.server";
import type { Route } from "./+types/admin.order";
import {
  BODY_LIMITS,
  ORDER_NOTE_MAX,
  REFUND_REASON_MAX,
  TRACKING_NUMBER_MAX,
} from "~/shared/limits";
import { ConfirmStepPanel } from "~/flows/back-office/ConfirmStepPanel";
import { auditSentence } from "~/flows/back-office/audit-sentence";
import { CARRIER_NAMES, trackingUrl } from "~/shared/carriers";
import { formatLondon } from "~/shared/london-time";

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.orderNumber} | GRIP TRUTH back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const detail = await orderDetail(dbFrom(context), params.orderNumber, clockFrom(context).now());
  if (!detail) throw data("No order has that number.", { status: 404 });
  const notice = new URL(request.url).searchParams.get("notice");
  const shop = (await catalogueFrom(context)).settings.settings;
  const { delivery } = shop;
  return {
    ...detail,
    // X-VAT-3: the order's VAT by rate as charged; none without a VAT number.
    vat: vatReceipt(orderVatBands(detail.order), sellerVatNumber(shop, settingsFrom(context))),
    notice: notice?.slice(0, 200) ?? null,
    deliveryLabel: deliveryLabel(detail.order, delivery),
  };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.note },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) => {
    const orderNumber = params.orderNumber ?? "";
    const outcome = await orderPageAction(db, body, orderNumber, owner!, partsFrom(context));
    // Done: back to the page with its notice (post/redirect/get).
    if (outcome.ok && outcome.data.notice) {
      throw redirect(
        `/admin/orders/${orderNumber}?notice=${encodeURIComponent(outcome.data.notice)}`,
      );
    }
    return outcome;
  },
);

/** Issue 27: a refund's state in words; pending ones are asked about again until settled. */
const REFUND_STATES = { pending: "pending", succeeded: "refunded", failed: "refused" } as const;

const when = (iso: string | Date) => formatLondon(new Date(iso));

function Address({
  title,
  address,
  none = "Not given yet.",
}: {
  title: string;
  address: PostalAddress | null;
  none?: string;
}) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {address ? (
        <address className="not-italic">
          {postalLines(address).map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p className="text-muted">{none}</p>
      )}
    </div>
  );
}

/** X-FIT-2: what an exchange fulfilment is waiting for, in the owner's words. */
const EXCHANGE_WORDS = {
  to_ship: "To ship (reserved from stock; no new payment)",
  to_make: "To make (made to order; no new payment)",
  refund: "Size ran out before the return arrived: refund it instead",
  dispatched: "Dispatched",
} as const;

/** The carrier and tracking number a dispatch needs (the order's, or an exchange's parcel). */
function DispatchFields() {
  return (
    <>
      <SelectField label="Carrier" name="carrier" required defaultValue="">
        <option value="" disabled>
          Choose a carrier
        </option>
        {CARRIER_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Tracking number"
        name="trackingNumber"
        required
        maxLength={TRACKING_NUMBER_MAX}
      />
    </>
  );
}

function Panel({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 ring-1 ring-black/5 sm:p-5">
      <h2 id={id} className="font-display text-xl font-bold uppercase">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, history, refunds, audit, notice, returns, attention, vat } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Issue 56 (WCAG 2.4.3): after a status change or any other step the button pressed may be
  // gone (the workflow shows the next one): the answer takes the focus, so it never falls to
  // the page's body.
  const answerRef = useRef<HTMLParagraphElement>(null);
  // A step that is done comes back by redirect with its notice (post/redirect/get): each
  // navigation (its key) with an answer focuses it.
  const { key: visit } = useLocation();
  useEffect(() => {
    if (actionData || notice) answerRef.current?.focus();
  }, [actionData, notice, visit]);
  const moves = nextMoves(order, loaderData.path);
  const refundable = refundableFrom(order);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <p className="print:hidden">
        <Link to="/admin/orders" className="text-sm underline underline-offset-4">
          All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-bold uppercase">
          {unpaidLabel(order.orderNumber, order) ?? `Order ${order.orderNumber}`}
        </h1>
        {/* X-ORD-1: the money and the making, each named and in its own words, not one status. */}
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="flex items-center gap-1.5">
            <dt className="text-sm text-muted">Payment</dt>
            <dd data-testid="order-payment-status">
              <PaymentBadge status={order.paymentStatus} label={paymentLabel(order)} />
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="text-sm text-muted">Fulfilment</dt>
            <dd data-testid="order-fulfilment-status">
              <FulfilmentBadge
                status={order.fulfilmentStatus}
                label={fulfilmentLabel(order, loaderData.path)}
              />
            </dd>
          </div>
        </dl>
        <DeliveryBadge method={order.shippingMethod} withTeam={Boolean(order.teamDeliverySlug)} />
        <ButtonLink
          to={`/admin/orders/print?orders=${order.orderNumber}`}
          className="ml-auto print:hidden"
        >
          Packing slip
        </ButtonLink>
      </div>
      <p className="text-muted">
        {unpaidLabel(order.orderNumber, order)
          ? `Reference ${order.orderNumber}, no order number: one is given when it is paid. `
          : ""}
        Placed {when(order.createdAt)} · Delivery:{" "}
        <span data-testid="order-delivery">{loaderData.deliveryLabel}</span>
      </p>

      {attention.length > 0 ? (
        <section
          aria-labelledby="order-attention"
          className="mt-3 rounded-lg border-l-4 border-accent bg-white p-4 ring-1 ring-black/5"
        >
          <h2 id="order-attention" className="font-semibold">
            Needs attention
          </h2>
          <ul className="mt-1 space-y-2">
            {attention.map((item) => (
              <li key={`${item.kind}-${item.at}`} className="break-words">
                {item.sentence}{" "}
                {item.flaggedPaymentId ? (
                  <Link
                    to={`/admin?confirm=${item.flaggedPaymentId}#dashboard-attention`}
                    className="font-semibold underline underline-offset-4"
                  >
                    Refund this payment
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* The alert or the status is the message's one live region (X-A11Y-7). */}
      <div className="mt-3">
        {actionData?.error ? (
          <p
            role="alert"
            ref={answerRef}
            tabIndex={-1}
            className="rounded bg-white p-3 font-semibold text-accent ring-2 ring-accent"
          >
            {actionData.error}
          </p>
        ) : notice ? (
          <p
            role="status"
            ref={answerRef}
            tabIndex={-1}
            className="rounded bg-white p-3 font-semibold text-success ring-2 ring-success"
          >
            {notice}
          </p>
        ) : null}
      </div>
      {actionData && "confirm" in actionData && actionData.confirm ? (
        <div className="mt-3">
          <ConfirmStepPanel step={actionData.confirm} orderNumber={order.orderNumber} busy={busy} />
        </div>
      ) : null}

      {/* One column on a phone, in the order the owner works (lines, then the buttons); the same
          order for the keyboard. Two columns from lg up. */}
      <div className="mt-4 grid items-start gap-4 lg:grid-cols-[2fr_1fr]">
        <Panel title="Lines" id="lines-title">
          <OrderLines lines={lines} />
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone pt-3">
            <dt>Subtotal</dt>
            <dd className="text-right">{formatPence(order.subtotalPence)}</dd>
            <dt>Shipping</dt>
            <dd className="text-right">{formatPence(order.shippingPence)}</dd>
            {order.discountPence > 0 ? (
              <>
                <dt>
                  Discount ({order.discountCode}, {order.discountPercent}%)
                </dt>
                <dd className="text-right">-{formatPence(order.discountPence)}</dd>
              </>
            ) : null}
            <dt className="font-bold">Total</dt>
            <dd className="text-right font-bold">{formatPence(order.totalPence)}</dd>
            {order.giftCardPence > 0 ? (
              <>
                <dt>Paid by gift cards</dt>
                <dd className="text-right">{formatPence(order.giftCardPence)}</dd>
              </>
            ) : null}
            {order.refundedPence > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd className="text-right">-{formatPence(order.refundedPence)}</dd>
              </>
            ) : null}
          </dl>
          <VatReceiptLines receipt={vat} className="mt-3 border-t border-stone pt-3" />
        </Panel>
        <div className="grid gap-4">
          <Panel title="Workflow" id="workflow-title">
            {moves.length === 0 ? (
              <p className="text-muted">No further steps for this order.</p>
            ) : (
              <div className="grid gap-3">
                {moves.map((move) =>
                  move === "dispatched" ? (
                    <Form
                      key={move}
                      method="post"
                      className="grid gap-3 rounded border border-stone p-3"
                    >
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="status" value="dispatched" />
                      <DispatchFields />
                      <Button busy={busy}>{ACTION_LABELS[move]}</Button>
                    </Form>
                  ) : (
                    <Form key={move} method="post" className="grid">
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="status" value={move} />
                      <Button variant={move === "cancelled" ? "danger" : "primary"} busy={busy}>
                        {move === "cancelled" && refundable > 0
                          ? "Cancel and refund"
                          : ACTION_LABELS[move]}
                      </Button>
                    </Form>
                  ),
                )}
              </div>
            )}
            {order.carrier ? (
              <p className="mt-3">
                Sent with <strong>{order.carrier}</strong>, tracking number{" "}
                <strong className="break-all">{order.trackingNumber}</strong>
                {trackingUrl(order.carrier, order.trackingNumber) ? (
                  <>
                    {" · "}
                    <a
                      href={trackingUrl(order.carrier, order.trackingNumber)!}
                      rel="noopener noreferrer"
                      className="underline underline-offset-4"
                    >
                      Follow the parcel
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
          </Panel>
          <Panel title="Refund" id="refund-title">
            {refundable > 0 ? (
              // Keyed by what is refunded so far: after a refund the fields start empty again.
              <Form method="post" className="grid gap-3" key={order.refundedPence}>
                <input type="hidden" name="intent" value="refund" />
                <Field
                  label="Amount"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  hint={`Up to ${formatPence(refundable)}, in pounds.`}
                  required
                />
                <Field
                  label="Reason (optional)"
                  name="reason"
                  autoComplete="off"
                  maxLength={REFUND_REASON_MAX}
                  hint="Kept in the history and told to the customer."
                />
                {/* X-GIFT-5: an order paid by gift cards and by card: which has its money back first. */}
                {order.giftCardPence > 0 && order.giftCardPence < order.totalPence ? (
                  <fieldset className="grid gap-1">
                    <legend className="font-semibold">Give it back first to</legend>
                    <p className="text-sm text-muted" id="refund-first-hint">
                      Gift cards paid {formatPence(order.giftCardPence)} of this order, the card
                      payment {formatPence(order.totalPence - order.giftCardPence)}. The other gets
                      only what the first cannot take.
                    </p>
                    <label className="flex min-h-11 items-center gap-3">
                      <input
                        type="radio"
                        name="first"
                        value="gift-cards"
                        defaultChecked
                        aria-describedby="refund-first-hint"
                        className="size-5"
                      />
                      The gift cards (spendable again at once)
                    </label>
                    <label className="flex min-h-11 items-center gap-3">
                      <input
                        type="radio"
                        name="first"
                        value="card"
                        aria-describedby="refund-first-hint"
                        className="size-5"
                      />
                      The card payment
                    </label>
                  </fieldset>
                ) : null}
                <Button variant="danger" busy={busy}>
                  Refund
                </Button>
              </Form>
            ) : (
              <p className="text-muted">Nothing to refund.</p>
            )}
            {refunds.length > 0 ? (
              <ul className="mt-3 grid gap-1 text-sm">
                {refunds.map((refund) => (
                  <li key={refund.id}>
                    {formatPence(refund.amountPence)} · {REFUND_STATES[refund.status]} ·{" "}
                    {when(refund.createdAt)}
                    {refund.status === "failed" && refund.failureReason ? (
                      <span className="block">{refund.failureReason}</span>
                    ) : null}
                    {refund.status === "pending" ? (
                      <span className="block text-muted">
                        {refund.lastError ?? "Waiting for the payment provider's answer."} The shop
                        asks again by itself, with the same request.
                      </span>
                    ) : null}
                    {refund.providerReference ? (
                      <span className="block break-all text-muted">{refund.providerReference}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>
        </div>
        {returns.length > 0 ? (
          <div className="rounded-lg bg-white p-4 ring-1 ring-black/5 sm:p-5">
            <ReturnRequestsList
              title="Return requests"
              requests={returns}
              markReceivedAction={() => "/admin/returns"}
              actions={(request) => (
                <ReturnActions
                  request={request}
                  restockable={loaderData.restockable.includes(request.id)}
                  busy={busy}
                />
              )}
            />
          </div>
        ) : null}
        {loaderData.exchanges.length > 0 ? (
          <Panel title="Exchanges" id="exchanges-title">
            <ul className="grid gap-2 text-sm">
              {loaderData.exchanges.map((exchange) => (
                <li key={exchange.id} className="grid gap-2">
                  <p>
                    {exchange.quantity} × {exchange.optionType} in size {exchange.size}:{" "}
                    <span className="font-semibold">{EXCHANGE_WORDS[exchange.status]}</span>
                    {exchange.status === "dispatched" && exchange.trackingNumber ? (
                      <>
                        {" "}
                        with {exchange.carrier}, tracking{" "}
                        <strong className="break-all">{exchange.trackingNumber}</strong>
                      </>
                    ) : null}
                  </p>
                  {exchange.status === "to_ship" || exchange.status === "to_make" ? (
                    <Form
                      method="post"
                      aria-label={`Dispatch the exchange in size ${exchange.size}`}
                      className="grid gap-3 rounded border border-stone p-3 print:hidden"
                    >
                      <input type="hidden" name="intent" value="exchange-dispatch" />
                      <input type="hidden" name="exchangeId" value={exchange.id} />
                      <DispatchFields />
                      <Button busy={busy} className="justify-self-start">
                        Mark the exchange dispatched
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </Panel>
        ) : null}
        <Panel title="History" id="history-title">
          <OrderHistory history={history} />
          <Form method="post" className="mt-4 grid gap-3 print:hidden">
            <input type="hidden" name="intent" value="note" />
            <TextAreaField
              label="Internal note"
              name="note"
              rows={3}
              maxLength={ORDER_NOTE_MAX}
              required
            />
            <Button variant="secondary" busy={busy} className="justify-self-start">
              Add note
            </Button>
          </Form>
        </Panel>
        <div className="grid gap-4">
          <Panel title="Customer" id="customer-title">
            <p className="break-all">
              {order.customerEmail ? (
                <a href={`mailto:${order.customerEmail}`} className="underline underline-offset-4">
                  {order.customerEmail}
                </a>
              ) : (
                "No e-mail yet"
              )}
            </p>
            <p>{order.customerPhone ?? "No phone"}</p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              <Address
                title={
                  order.teamDeliverySlug
                    ? "Shipping address (with the team's parcel)"
                    : "Shipping address"
                }
                address={order.shippingAddress}
              />
              <Address
                title="Billing address"
                address={order.billingAddress}
                none={
                  order.teamDeliverySlug && order.paidAt
                    ? "None asked: delivered with the team."
                    : undefined
                }
              />
            </div>
          </Panel>
          <Panel title="Payment" id="payment-title">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted">Provider</dt>
              <dd>{order.paymentProvider}</dd>
              <dt className="text-muted">Card</dt>
              <dd>{order.cardBrand ? `${order.cardBrand} ending ${order.cardLast4}` : "—"}</dd>
              <dt className="text-muted">Reference</dt>
              <dd className="break-all">{order.paymentReference ?? "—"}</dd>
              <dt className="text-muted">Paid</dt>
              <dd>{order.paidAt ? when(order.paidAt) : "Not paid"}</dd>
            </dl>
          </Panel>
        </div>
        <div className="lg:col-span-2">
          <Panel title="Audit log" id="audit-title">
            {audit.length === 0 ? (
              <p className="text-muted">No owner actions yet.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {audit.map((entry) => (
                  <li key={entry.id} data-testid="audit-entry">
                    <span className="font-semibold [overflow-wrap:anywhere]">
                      {auditSentence(entry)}
                    </span>
                    <span className="block text-muted">
                      {entry.actor}, {when(entry.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
