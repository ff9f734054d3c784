import { Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { listCustomers, parseCustomerFilter } from "~/flows/back-office/customers.server";
import { formatPence } from "~/pricing/money";
import { Button, ButtonLink } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { EmailText } from "~/ui/EmailText";
import type { Route } from "./+types/admin.customers";
import { formatLondonMediumDate } from "~/shared/london-time";

export const meta = () => [{ title: "Customers | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const filter = parseCustomerFilter(new URL(request.url).searchParams);
  return { ...(await listCustomers(dbFrom(context), filter)), filter };
}

function pageLink(q: string | undefined, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return `?${params.toString()}`;
}

/** /admin/customers (X-DAY-4): who has bought, latest first; search by name or e-mail. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, pageSize, filter } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Customers</h1>
      <Form
        key={filter.q ?? ""}
        method="get"
        role="search"
        aria-label="Search customers"
        className="grid gap-3 rounded-lg bg-white p-4 ring-1 ring-black/5 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <Field
          label="Search"
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          placeholder="Name or e-mail"
          maxLength={100}
        />
        <Button>Search</Button>
      </Form>
      <p className="text-muted" aria-live="polite">
        {total === 1 ? "1 customer" : `${total} customers`}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      {customers.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center ring-1 ring-black/5">
          No customers match.
        </p>
      ) : (
        <ul className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5">
          {customers.map((c) => (
            <li key={c.key}>
              <Link
                to={`/admin/customers/${c.key}`}
                className="grid gap-1 p-4 hover:bg-paper sm:grid-cols-[1fr_auto_auto_auto] sm:items-center sm:gap-6"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">{c.name || "(no name)"}</span>
                  <span className="block text-sm text-muted">
                    <EmailText email={c.email} />
                  </span>
                </span>
                <span className="text-sm">
                  {c.orders} {c.orders === 1 ? "order" : "orders"}
                </span>
                <span className="font-semibold">{formatPence(c.totalPence)} spent</span>
                <span className="text-sm text-muted">
                  Last order {formatLondonMediumDate(new Date(c.lastOrderAt))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex justify-between">
          {page > 1 ? (
            <ButtonLink to={pageLink(filter.q, page - 1)}>Previous page</ButtonLink>
          ) : (
            <span />
          )}
          {page < pages ? (
            <ButtonLink to={pageLink(filter.q, page + 1)}>Next page</ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
