import { data, Form } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { parseVatPeriod, quarterOf, recentQuarters } from "~/flows/back-office/vat-return";
import { vatReturn } from "~/flows/back-office/vat-return.server";
import { formatPence } from "~/pricing/money";
import { bandLabel } from "~/pricing/vat";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import { formatLondonDate } from "~/shared/london-time";
import type { Route } from "./+types/admin.vat";

export const meta = () => [{ title: "VAT | GRIP TRUTH back office" }];

/** /admin/vat (X-VAT-5): the VAT return's figures for a quarter or any UK days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const now = clockFrom(context).now();
  const quarters = recentQuarters(now).map(({ id, label, from, to }) => ({ id, label, from, to }));
  const period = parseVatPeriod(new URL(request.url).searchParams, now);
  if (!period.ok) {
    return data({ error: period.message, quarters, figures: null }, { status: 400 });
  }
  return { error: null, quarters, figures: await vatReturn(dbFrom(context), period.period) };
}

/** "1 October 2026" for a UK day (noon, so no clock change moves it). */
const day = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return formatLondonDate(new Date(Date.UTC(y, m - 1, d, 12)));
};

export default function AdminVat({ loaderData }: Route.ComponentProps) {
  const { error, quarters, figures } = loaderData;
  const chosen = figures
    ? quarters.find((q) => q.from === figures.from && q.to === figures.to)
    : undefined;
  const csvHref = figures ? `/admin/vat.csv?from=${figures.from}&to=${figures.to}` : undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">VAT</h1>
      <p className="max-w-prose text-muted">
        The figures for your VAT return, from the VAT each order was charged and each refund gave
        back, by UK day. The shop does not send them to HMRC: copy them into your return or give the
        CSV to your accountant.
      </p>
      <div className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-black/5 md:grid-cols-2">
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <SelectField label="Quarter" name="quarter" defaultValue={chosen?.id ?? ""}>
            {chosen ? null : <option value="">Choose a quarter</option>}
            {quarters.map((q) => (
              <option key={q.id} value={q.id}>
                {q.label}
              </option>
            ))}
          </SelectField>
          <Button>Show quarter</Button>
        </Form>
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Field label="From" name="from" type="date" defaultValue={figures?.from ?? ""} required />
          <Field label="To" name="to" type="date" defaultValue={figures?.to ?? ""} required />
          <Button>Show dates</Button>
        </Form>
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-lg bg-white p-4 font-semibold text-red-800 ring-1 ring-black/5"
        >
          {error}
        </p>
      ) : null}
      {figures ? (
        <section
          aria-labelledby="vat-period"
          className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-black/5"
        >
          <h2 id="vat-period" className="font-display text-xl font-bold uppercase">
            {chosen ? chosen.label : `${day(figures.from)} to ${day(figures.to)}`}
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="rounded-md bg-stone/60 p-3">
              <dt className="text-sm">Box 1: VAT due on sales</dt>
              <dd className="text-2xl font-bold" data-testid="vat-box1">
                {formatPence(figures.box1_vat_due_pence)}
              </dd>
            </div>
            <div className="rounded-md bg-stone/60 p-3">
              <dt className="text-sm">Box 6: total sales excluding VAT (zero-rated included)</dt>
              <dd className="text-2xl font-bold" data-testid="vat-box6">
                {formatPence(figures.box6_sales_ex_vat_pence)}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-muted">
            Box 1 is the VAT on the orders paid in the period less the VAT given back by its
            refunds; box 6 is their value without VAT, less the refunds'.
          </p>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          <div className="overflow-x-auto" role="region" aria-label="By VAT rate" tabIndex={0}>
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Sales and refunds by VAT rate</caption>
              <thead>
                <tr className="border-b border-stone text-left">
                  <th scope="col" className="py-2 pr-3">
                    Rate
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Sales net
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Sales VAT
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Sales gross
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Refunds net
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Refunds VAT
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Refunds gross
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.by_rate.map((row) => (
                  <tr
                    key={row.rate_percent}
                    className="border-b border-stone"
                    data-testid={`vat-rate-${row.rate_percent}`}
                  >
                    <th scope="row" className="py-2 pr-3 text-left font-semibold">
                      {bandLabel(row.rate_percent)}
                    </th>
                    <td className="py-2 pr-3 text-right">{formatPence(row.sales_net_pence)}</td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.sales_vat_pence)}</td>
                    <td className="py-2 pr-3 text-right">
                      {formatPence(row.sales_net_pence + row.sales_vat_pence)}
                    </td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.refunds_net_pence)}</td>
                    <td className="py-2 pr-3 text-right">{formatPence(row.refunds_vat_pence)}</td>
                    <td className="py-2 text-right">
                      {formatPence(row.refunds_net_pence + row.refunds_vat_pence)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* X-GIFT-7: gift cards are in no box and at no rate; said, with what they came to. */}
          <section
            aria-labelledby="vat-outside"
            className="rounded-md border border-stone p-3 text-sm"
            data-testid="vat-gift-cards"
          >
            <h3 id="vat-outside" className="font-semibold">
              Outside VAT: gift cards
            </h3>
            <p>
              Gift cards sold in the period:{" "}
              <strong>{formatPence(figures.outside_vat.gift_cards_sold_pence)}</strong>; refunded:{" "}
              <strong>{formatPence(figures.outside_vat.gift_cards_refunded_pence)}</strong>. In
              neither box.
            </p>
            <p className="mt-1 text-muted">{figures.outside_vat.why}</p>
          </section>
          <p>
            <a
              href={csvHref}
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
              download
            >
              Download every order and refund of the period (CSV)
            </a>
          </p>
        </section>
      ) : null}
      <p className="text-sm text-muted">
        Quarters here are calendar quarters ({quarterOf("2026-01-15").label}, and so on); if your
        VAT quarters end in other months, choose the dates.
      </p>
    </div>
  );
}
