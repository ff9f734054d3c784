import { Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { Button, ButtonLink } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import { EmailText } from "~/ui/EmailText";
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from "~/orders/order-types";
import { clockFrom, dbFrom } from "~/db/context.server";
import {
  listOrders,
  type OrderListRow,
  parseOrderFilter,
} from "~/flows/back-office/back-office.server";
import { StatusBadge } from "~/flows/back-office/StatusBadge";
import { DeliveryBadge } from "~/flows/back-office/DeliveryBadge";
import { unpaidLabel } from "~/orders/order-number";
import {
  FULFILMENT_LABELS,
  fulfilmentLabel,
  MONEY_HELD,
  type OrderStates,
  PAYMENT_LABELS,
  statusLabel,
} from "~/orders/status";
import { formatPence } from "~/pricing/money";
import type { Route } from "./+types/admin.orders";
import { formatLondon } from "~/shared/london-time";

export const meta = () => [{ title: "Orders | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const list = await listOrders(dbFrom(context), filter, clockFrom(context).now());
  return { ...list, filter };
}

interface ListFilter {
  status?: string;
  payment?: readonly string[];
  fulfilment?: readonly string[];
  work?: string;
  q?: string;
  attention?: boolean;
}

function query(filter: ListFilter, page?: number) {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.payment) params.set("payment", filter.payment.join(","));
  if (filter.fulfilment) params.set("fulfilment", filter.fulfilment.join(","));
  if (filter.work) params.set("work", filter.work);
  if (filter.attention) params.set("attention", "1");
  if (filter.q) params.set("q", filter.q);
  if (page && page > 1) params.set("page", String(page));
  // Commas stay commas (paid,partly_refunded): the same address as workListPath's.
  const text = params.toString().replaceAll("%2C", ",");
  return text ? `?${text}` : "";
}

/** The money the shop holds, whole or after a partial refund: what is made and sent (X-ORD-2). */
const HELD = MONEY_HELD.join(",");

/**
 * X-DAY-3: the work in hand, one tap away; checkouts not yet paid have their own. "To make" and
 * "To ship" read the two states (X-ORD-2), so a partly refunded order stays in the work.
 */
const QUICK_FILTERS: (ListFilter & { label: string })[] = [
  { label: "All" },
  // Issue 53: each order down its own path: made to order until made, then ready to ship with
  // what came off the shelf.
  { label: "To make", work: "to_make" },
  { label: "To ship", work: "to_ship" },
  { label: "Awaiting payment", status: "pending" },
  // Issue 27: refunds pending too long or failed, payments that did not match their order.
  { label: "Needs attention", attention: true },
];

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join(",") === (b ?? []).join(",");

/** A row's two states, for the questions `orders/` answers about them. */
const states = (row: OrderListRow): OrderStates => ({
  paymentStatus: row.payment_status,
  fulfilmentStatus: row.fulfilment_status,
});

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageSize, filter } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Orders</h1>
      <Form
        // A new filter from a link remounts the form, so its fields show the filter in force.
        key={query(filter)}
        method="get"
        role="search"
        aria-label="Filter orders"
        className="mt-4 grid gap-3 rounded-lg bg-white p-4 ring-1 ring-black/5 sm:grid-cols-3 sm:items-end lg:grid-cols-[12rem_12rem_12rem_1fr_auto]"
      >
        <SelectField label="Status" name="status" defaultValue={filter.status ?? ""}>
          <option value="">All but awaiting payment</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status === "pending" ? "Awaiting payment" : statusLabel(status)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Payment" name="payment" defaultValue={filter.payment?.join(",") ?? ""}>
          <option value="">Any payment</option>
          <option value={HELD}>Paid or partly refunded</option>
          {PAYMENT_STATUSES.map((payment) => (
            <option key={payment} value={payment}>
              {PAYMENT_LABELS[payment]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Fulfilment"
          name="fulfilment"
          defaultValue={filter.fulfilment?.join(",") ?? ""}
        >
          <option value="">Any fulfilment</option>
          {FULFILMENT_STATUSES.map((fulfilment) => (
            <option key={fulfilment} value={fulfilment}>
              {FULFILMENT_LABELS[fulfilment]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Search"
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          placeholder="Order number, e-mail or name"
          maxLength={100}
        />
        {filter.attention ? <input type="hidden" name="attention" value="1" /> : null}
        {filter.work ? <input type="hidden" name="work" value={filter.work} /> : null}
        <Button>Filter</Button>
      </Form>

      <nav aria-label="Quick filters" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {QUICK_FILTERS.map((quick) => (
            <li key={quick.label}>
              <Link
                to={query(quick)}
                aria-current={
                  filter.status === quick.status &&
                  same(filter.payment, quick.payment) &&
                  same(filter.fulfilment, quick.fulfilment) &&
                  filter.work === quick.work &&
                  filter.attention === Boolean(quick.attention) &&
                  !filter.q
                    ? "page"
                    : undefined
                }
                className="inline-flex min-h-11 items-center rounded-full border border-ink/30 bg-white px-4 font-semibold hover:bg-stone aria-[current=page]:bg-ink aria-[current=page]:text-paper"
              >
                {quick.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="w-full text-muted sm:mr-auto sm:w-auto" aria-live="polite">
          {total === 1 ? "1 order" : `${total} orders`}
          {pages > 1 ? ` · page ${page} of ${pages}` : ""}
        </p>
        <ButtonLink to={`/admin/orders/export.csv${query(filter)}`} reloadDocument>
          Export CSV
        </ButtonLink>
        <Button form="print-selected" variant="secondary">
          Print selected
        </Button>
      </div>
      <form id="print-selected" method="get" action="/admin/orders/print" />

      {orders.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-center ring-1 ring-black/5">
          No orders match.
        </p>
      ) : (
        <table className="mt-4 block w-full md:table md:rounded-lg md:bg-white md:ring-1 md:ring-black/5">
          <caption className="sr-only">Orders, newest first</caption>
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-stone text-left text-sm text-muted">
              <th scope="col" className="p-3">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="p-3">
                Order
              </th>
              <th scope="col" className="p-3">
                Date
              </th>
              <th scope="col" className="p-3">
                Customer
              </th>
              <th scope="col" className="p-3 text-right">
                Items
              </th>
              <th scope="col" className="p-3 text-right">
                Total
              </th>
              <th scope="col" className="p-3">
                Delivery
              </th>
              <th scope="col" className="p-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="grid gap-3 md:table-row-group">
            {orders.map((order) => (
              <tr
                key={order.order_number}
                className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg bg-white p-4 ring-1 ring-black/5 md:table-row md:rounded-none md:border-b md:border-stone md:p-0 md:ring-0"
              >
                <td className="row-span-5 md:table-cell md:p-3">
                  <input
                    type="checkbox"
                    name="orders"
                    value={order.order_number}
                    form="print-selected"
                    aria-label={`Select ${order.order_number} for printing`}
                    className="size-5 accent-ink"
                  />
                </td>
                <td className="font-semibold md:table-cell md:p-3">
                  <Link
                    to={`/admin/orders/${order.order_number}`}
                    className="underline underline-offset-4 hover:text-accent-dark"
                  >
                    {unpaidLabel(order.order_number, states(order)) ?? order.order_number}
                  </Link>
                  {unpaidLabel(order.order_number, states(order)) ? (
                    <span className="block text-sm font-normal text-muted">
                      Reference {order.order_number}
                    </span>
                  ) : null}
                </td>
                <td className="text-sm text-muted md:table-cell md:p-3 md:text-base md:text-ink">
                  {formatLondon(new Date(order.created_at))}
                </td>
                <td className="col-start-2 md:table-cell md:p-3">
                  <span className="block">{order.customer_name || "—"}</span>
                  <span className="block text-sm text-muted">
                    {order.customer_email ? (
                      <EmailText email={order.customer_email} />
                    ) : (
                      "no e-mail yet"
                    )}
                  </span>
                </td>
                <td className="text-right text-sm md:table-cell md:p-3 md:text-base">
                  {order.items} {order.items === 1 ? "item" : "items"}
                </td>
                <td className="col-start-2 font-semibold md:table-cell md:p-3 md:text-right">
                  {formatPence(order.total_pence)}
                </td>
                <td className="col-start-2 md:table-cell md:p-3">
                  <DeliveryBadge method={order.shipping_method} withTeam={order.team_delivery} />
                </td>
                {/* On a phone the status has a line of its own under the delivery: beside it, an
                    international order's badge and a long status (Partly refunded) were 42 px too
                    wide for 320 px (X-A11Y-5). */}
                <td className="col-span-2 col-start-2 md:table-cell md:p-3">
                  <StatusBadge order={states(order)} />
                  <span className="mt-1 block text-sm text-muted">
                    {PAYMENT_LABELS[order.payment_status]} ·{" "}
                    {fulfilmentLabel(states(order), order.path)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex justify-between">
          {page > 1 ? (
            <ButtonLink to={query(filter, page - 1) || "?"}>Previous page</ButtonLink>
          ) : (
            <span />
          )}
          {page < pages ? <ButtonLink to={query(filter, page + 1)}>Next page</ButtonLink> : null}
        </nav>
      ) : null}
    </div>
  );
}
