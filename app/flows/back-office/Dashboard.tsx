import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatPence } from "~/pricing/money";
import { workListPath } from "~/orders/status";
import { Button } from "~/ui/Button";
import { SelectField } from "~/ui/Field";
import type { DashboardExtras, DashboardSummary } from "./summary";
import { TakingsChart } from "./TakingsChart";
import { NeedsAttention } from "./NeedsAttention";
import type { AttentionItem } from "./attention.server";
import type { BackupHealth } from "./backups.server";

export interface DashboardProps extends DashboardExtras {
  days: number;
  summary: DashboardSummary;
  error: string | null;
  /** Issue 27: refunds and payments that need the owner, and the one being confirmed. */
  attention: readonly AttentionItem[];
  /** The nightly backups (issue 40), when BACKUP_DIR is set. */
  backup?: BackupHealth | null;
  confirm: string | null;
  outcome?: unknown;
}

export const DASHBOARD_PERIODS = [7, 30, 90] as const;

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg bg-white p-4 ring-1 ring-black/5">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold">{value}</dd>
      {hint ? <dd className="text-sm text-muted">{hint}</dd> : null}
    </div>
  );
}

function WorkLink({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <li>
      <Link
        to={to}
        className="flex min-h-11 items-center justify-between gap-3 rounded-lg bg-white p-4 ring-1 ring-black/5 hover:bg-stone"
      >
        <span className="font-semibold">{label}</span>
        <span
          className={`rounded-full px-3 font-display text-xl font-bold ${count ? "bg-ink text-paper" : "bg-stone text-ink"}`}
        >
          {count}
        </span>
      </Link>
    </li>
  );
}

/** /admin (X-DAY-2): today's takings, the work waiting, the period's figures, best sellers, low stock. */
export function Dashboard({
  days,
  summary: s,
  todayTakingsPence,
  todayOrders,
  productNames,
  error,
  attention,
  backup,
  confirm,
  outcome,
}: DashboardProps) {
  const period = `Last ${days} ${days === 1 ? "day" : "days"}`;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase">Dashboard</h1>
          <p className="mt-1 text-muted">Days are UK days; money is after any discount.</p>
        </div>
        <Form method="get" className="flex items-end gap-2">
          <SelectField label="Period" name="days" defaultValue={String(days)}>
            {DASHBOARD_PERIODS.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </SelectField>
          <Button variant="secondary">Show</Button>
        </Form>
      </header>
      {error ? (
        <p role="alert" className="font-semibold text-accent">
          {error}
        </p>
      ) : null}

      <NeedsAttention items={attention} backup={backup} confirm={confirm} outcome={outcome} />

      <section aria-labelledby="dashboard-today" className="space-y-3">
        <h2 id="dashboard-today" className="font-display text-xl font-bold uppercase">
          Today
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure
            label="Today's takings"
            value={formatPence(todayTakingsPence)}
            hint={`${todayOrders} ${todayOrders === 1 ? "order" : "orders"} paid`}
          />
          {/* Issue 54 (X-GIFT-6): what the shop owes in unspent gift cards, as their page says. */}
          <Figure
            label="Gift cards outstanding"
            value={
              <span data-testid="dashboard-gift-cards-outstanding">
                {formatPence(s.giftCardsOutstandingPence)}
              </span>
            }
            hint={
              <Link to="/admin/gift-cards" className="underline underline-offset-4">
                Unspent, unexpired cards
              </Link>
            }
          />
        </dl>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Work to do">
          <WorkLink to={workListPath("to_make")} label="To make" count={s.toMake} />
          <WorkLink to={workListPath("to_ship")} label="To ship" count={s.toShip} />
          <WorkLink to="/admin/returns" label="Open returns" count={s.openReturns} />
          <WorkLink to="/admin/enquiries" label="Unhandled enquiries" count={s.openEnquiries} />
        </ul>
      </section>

      <section aria-labelledby="dashboard-period" className="space-y-3">
        <h2 id="dashboard-period" className="font-display text-xl font-bold uppercase">
          {period}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Figure label="Takings" value={formatPence(s.takingsPence)} />
          <Figure label="Refunds" value={formatPence(s.refundsPence)} />
          <Figure label="Net takings" value={formatPence(s.netPence)} />
          <Figure label="Orders" value={s.orders} />
          <Figure label="Average order" value={formatPence(s.averageOrderPence)} />
        </dl>
        <div className="rounded-lg bg-white p-4 ring-1 ring-black/5">
          <TakingsChart
            days={s.byDay}
            title={`Net takings after refunds, ${period.toLowerCase()}`}
          />
        </div>
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="dashboard-top" className="space-y-3">
          <h2 id="dashboard-top" className="font-display text-xl font-bold uppercase">
            Top products
          </h2>
          {s.topProducts.length === 0 ? (
            <p className="rounded-lg bg-white p-4 ring-1 ring-black/5">Nothing sold yet.</p>
          ) : (
            <table className="w-full rounded-lg bg-white text-left ring-1 ring-black/5">
              <caption className="sr-only">Top products, {period.toLowerCase()}</caption>
              <thead className="text-sm text-muted">
                <tr>
                  <th scope="col" className="p-3">
                    Product
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Sold
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Net
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone">
                {s.topProducts.map((p) => (
                  <tr key={p.productId}>
                    <th scope="row" className="p-3 font-semibold break-words">
                      {p.name}
                    </th>
                    <td className="p-3 text-right">{p.quantity}</td>
                    <td className="p-3 text-right whitespace-nowrap">{formatPence(p.netPence)}</td>
                  </tr>
                ))}
              </tbody>
              {/* Issue 53: with every product's net, delivery's makes the net takings. */}
              <tfoot className="border-t border-stone text-sm text-muted">
                <tr>
                  <th scope="row" className="p-3 font-normal">
                    Delivery charges
                  </th>
                  <td className="p-3" />
                  <td className="p-3 text-right whitespace-nowrap">
                    {formatPence(s.deliveryNetPence)}
                  </td>
                </tr>
              </tfoot>
            </table>
          )}
        </section>

        <section aria-labelledby="dashboard-low" className="space-y-3">
          <h2 id="dashboard-low" className="font-display text-xl font-bold uppercase">
            Low stock
          </h2>
          {s.lowStock.length === 0 ? (
            <p className="rounded-lg bg-white p-4 ring-1 ring-black/5">
              No stocked size has 3 or fewer left.
            </p>
          ) : (
            <ul className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5">
              {s.lowStock.map((v) => (
                <li
                  key={`${v.productId}|${v.optionType}|${v.size}|${v.color}`}
                  className="flex items-center justify-between gap-3 p-3"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold break-words">
                      {productNames[v.productId] ?? v.productId}
                    </span>
                    <span className="block text-sm text-muted">
                      {[v.optionType, v.size === "N/A" ? "" : `size ${v.size}`, v.color]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                  <span
                    className={`rounded px-2 font-semibold whitespace-nowrap ${v.quantity === 0 ? "bg-accent-dark text-white" : "bg-stone text-ink"}`}
                  >
                    {v.quantity === 0 ? "Sold out" : `${v.quantity} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/admin/stock" className="font-semibold underline underline-offset-4">
              Set stock
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
