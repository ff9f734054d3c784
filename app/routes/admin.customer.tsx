import { data, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { customerByKey } from "~/flows/back-office/customers.server";
import { DeliveryBadge } from "~/flows/back-office/DeliveryBadge";
import { StatusBadge } from "~/flows/back-office/StatusBadge";
import { formatPence } from "~/pricing/money";
import { EmailText } from "~/ui/EmailText";
import type { Route } from "./+types/admin.customer";
import { formatLondon } from "~/shared/london-time";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: `${loaderData?.found ? loaderData.customer.name || "Customer" : "Customer not found"} | GRIP TRUTH back office`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const found = await customerByKey(dbFrom(context), params.key);
  if (!found) return data({ found: false as const }, { status: 404 });
  return { found: true as const, ...found };
}

/** /admin/customers/:key (X-DAY-4): one customer and every order they paid for. */
export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
        <h1 className="font-display text-3xl font-bold uppercase">Customer not found</h1>
        <p>
          <Link to="/admin/customers" className="underline underline-offset-4">
            All customers
          </Link>
        </p>
      </div>
    );
  }
  const { customer, orders } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <p>
        <Link to="/admin/customers" className="text-sm underline underline-offset-4">
          All customers
        </Link>
      </p>
      <h1 className="font-display text-3xl font-bold uppercase">{customer.name || "Customer"}</h1>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-white p-4 ring-1 ring-black/5">
          <dt className="text-sm font-semibold text-muted">E-mail</dt>
          <dd>
            <a href={`mailto:${customer.email}`} className="underline underline-offset-4">
              <EmailText email={customer.email} />
            </a>
          </dd>
        </div>
        <div className="rounded-lg bg-white p-4 ring-1 ring-black/5">
          <dt className="text-sm font-semibold text-muted">Orders</dt>
          <dd className="font-display text-2xl font-bold">{customer.orders}</dd>
        </div>
        <div className="rounded-lg bg-white p-4 ring-1 ring-black/5">
          <dt className="text-sm font-semibold text-muted">Spent (less refunds)</dt>
          <dd className="font-display text-2xl font-bold">{formatPence(customer.totalPence)}</dd>
        </div>
      </dl>
      <h2 className="font-display text-xl font-bold uppercase">Orders</h2>
      <ul className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5">
        {orders.map((o) => (
          <li key={o.orderNumber} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
            <Link
              to={`/admin/orders/${o.orderNumber}`}
              className="font-semibold underline underline-offset-4"
            >
              {o.orderNumber}
            </Link>
            <span className="text-sm text-muted">{formatLondon(new Date(o.createdAt))}</span>
            <span className="font-semibold">{formatPence(o.totalPence)}</span>
            <DeliveryBadge method={o.shippingMethod} />
            <StatusBadge order={o} />
          </li>
        ))}
      </ul>
    </div>
  );
}
