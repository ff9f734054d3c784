import { data, Form, Link } from "react-router";
import { requireOwner } from "~/admin/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { dbFrom } from "~/db/context.server";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { teamPageAction } from "~/flows/teams/batch.server";
import { formatPence } from "~/pricing/money";
import { pageEndpoint } from "~/security/edge.server";
import { CARRIER_NAMES } from "~/shared/carriers";
import { formatLondon } from "~/shared/london-time";
import { TEAM_DELIVERY_LABELS, TEAM_STATUS_LABELS } from "~/teams/labels";
import { productionSheet, sizeCounts } from "~/teams/rules";
import { teamDetail } from "~/teams/teams.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import type { Route } from "./+types/admin.team";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.team.name ?? "Team order"} | GRIP TRUTH back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const team = await teamDetail(dbFrom(context), params.slug, await catalogueFrom(context));
  if (!team) throw data("Not found", { status: 404 });
  return { team, sheet: productionSheet(team.roster), sizes: sizeCounts(team.roster) };
}

export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "form", limit: 4096 }, noStore: true },
  ({ db, params, body, owner }) => teamPageAction(db, params.slug ?? "", body, owner!.email),
);

/** /admin/teams/<slug> (X-TEAM-5): the roster, the production sheet, the batch's moves. */
export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { team, sheet, sizes } = loaderData;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  const items = team.roster.reduce((sum, entry) => sum + entry.quantity, 0);
  const canProduce = team.status === "open" || team.status === "closed";
  const canDispatch = team.status === "in_production" && team.delivery === "together";
  const canCancel = canProduce;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="space-y-1 print:hidden">
        <p>
          <Link to="/admin/teams" className="underline underline-offset-4">
            Team orders
          </Link>
        </p>
        <h1 className="font-display text-3xl font-bold uppercase">{team.name}</h1>
        <p>
          {TEAM_STATUS_LABELS[team.status]} · closes {formatLondon(new Date(team.closesAt))} ·{" "}
          {team.organiserName} ({team.organiserEmail})
        </p>
        <p className="text-sm text-muted">
          {TEAM_DELIVERY_LABELS[team.delivery]}
          {team.deliveryAddress ? `: ${team.deliveryAddress}` : ""}
        </p>
        <p>
          {team.orders.length} paid orders, {items} items
          {team.minimumItems
            ? ` (minimum ${team.minimumItems}: ${items >= team.minimumItems ? "reached" : "not reached"})`
            : ""}
          . Members&apos; link:{" "}
          <a href={team.url} className="font-semibold break-all underline">
            {team.url}
          </a>
        </p>
      </header>
      <div className="print:hidden">
        <ActionOutcome outcome={actionData} />
      </div>
      {confirm ? (
        <section
          aria-labelledby="confirm-title"
          className="rounded-lg bg-white p-5 ring-2 ring-accent print:hidden"
        >
          <h2 id="confirm-title" className="font-display text-xl font-bold uppercase">
            Cancel {team.name} and refund {formatPence(confirm.refundPence)} to {confirm.orders}{" "}
            members?
          </h2>
          <p className="mt-2">
            Each paid order is cancelled and refunded to the member&apos;s card, and each member is
            e-mailed. This cannot be undone.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="confirmed" value={CONFIRMED} />
            <Button variant="danger">Yes, cancel and refund everyone</Button>
            <Link
              to={`/admin/teams/${team.slug}`}
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              Keep the team order
            </Link>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="batch-heading" className="space-y-3 print:hidden">
        <h2 id="batch-heading" className="font-display text-2xl font-bold uppercase">
          The batch
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          {canProduce ? (
            <Form method="post">
              <input type="hidden" name="intent" value="in_production" />
              <Button>Mark team in production</Button>
            </Form>
          ) : null}
          {canDispatch ? (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="dispatched" />
              <SelectField label="Carrier" name="carrier" required defaultValue="">
                <option value="" disabled>
                  Choose a carrier
                </option>
                {CARRIER_NAMES.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </SelectField>
              <Field label="Tracking number" name="trackingNumber" required maxLength={100} />
              <Button>Mark team dispatched</Button>
            </Form>
          ) : null}
          {canCancel ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button variant="danger">Cancel team order and refund everyone</Button>
            </Form>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="production-sheet" className="space-y-3">
        <h2 id="production-sheet" className="font-display text-2xl font-bold uppercase">
          Production sheet: {team.name}
        </h2>
        <p>
          Printed on every item: <strong>{team.fixedText}</strong>
          <span className="text-sm text-muted print:hidden">
            {" "}
            (print this page: only the sheet prints)
          </span>
        </p>
        {sheet.length === 0 ? (
          <p>Nothing to make yet.</p>
        ) : (
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Production sheet (scrolls sideways)"
          >
            <table className="w-full bg-white text-left text-sm ring-1 ring-black/5">
              <caption className="sr-only">Items to make, by product, option and size</caption>
              <thead className="bg-stone/60">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Product
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Option
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Size
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Quantity
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Names to print
                  </th>
                </tr>
              </thead>
              <tbody>
                {sheet.map((group) => (
                  <tr
                    key={`${group.productId}|${group.optionType}|${group.size}`}
                    className="border-t border-ink/10 align-top"
                  >
                    <td className="px-3 py-2 font-semibold">{group.productName}</td>
                    <td className="px-3 py-2">{group.optionType}</td>
                    <td className="px-3 py-2">{group.size}</td>
                    <td className="px-3 py-2">{group.quantity}</td>
                    <td className="px-3 py-2">
                      {group.names.map((name) => name || "(no name)").join(", ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-sm">
          Sizes: {sizes.map(({ size, count }) => `${size} × ${count}`).join(", ") || "none"}
        </p>
      </section>
      <section aria-labelledby="roster-heading" className="space-y-3 print:hidden">
        <h2 id="roster-heading" className="font-display text-2xl font-bold uppercase">
          Roster
        </h2>
        <div
          className="overflow-x-auto rounded-lg bg-white ring-1 ring-black/5"
          tabIndex={0}
          role="region"
          aria-label="Roster (scrolls sideways)"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Paid member orders</caption>
            <thead className="bg-stone/60">
              <tr>
                {["Member", "Product", "Size", "Belt rank / colour", "Name", "Order", "Status"].map(
                  (heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {team.roster.map((entry, index) => (
                <tr key={`${entry.orderNumber}-${index}`} className="border-t border-ink/10">
                  <td className="px-3 py-2">
                    {entry.memberName}
                    <br />
                    <span className="text-muted">{entry.email}</span>
                  </td>
                  <td className="px-3 py-2">
                    {entry.productName} ({entry.optionType})
                  </td>
                  <td className="px-3 py-2">{entry.size}</td>
                  <td className="px-3 py-2">{entry.beltRank ?? entry.color ?? ""}</td>
                  <td className="px-3 py-2">{entry.printName ?? ""}</td>
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/orders/${entry.orderNumber}`}
                      className="underline underline-offset-4"
                    >
                      {entry.orderNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{entry.status.replace("_", " ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
