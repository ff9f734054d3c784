import { Form, Link } from "react-router";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { formatPence } from "~/pricing/money";
import { CARRIER_NAMES } from "~/shared/carriers";
import { formatLondon } from "~/shared/london-time";
import { TEAM_DELIVERY_LABELS, TEAM_STATUS_LABELS } from "~/teams/labels";
import { ProductionSheet } from "~/teams/ProductionSheet";
import { RosterTable } from "~/teams/RosterTable";
import type { SheetGroup } from "~/teams/rules";
import type { TeamDetail } from "~/teams/teams.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import type { TeamCancelStep } from "./batch.server";

/**
 * /admin/teams/<slug> (X-TEAM-5): the team, the batch's moves (in production, dispatched,
 * cancel and refund with its confirming step), the production sheet and the roster.
 */
export function AdminTeamPage({
  team,
  sheet,
  sizes,
  confirm,
  outcome,
}: {
  team: TeamDetail;
  sheet: readonly SheetGroup[];
  sizes: readonly { size: string; count: number }[];
  /** The cancel's second step, when the first post asked for it. */
  confirm?: TeamCancelStep;
  /** What the last post said (a message or a refusal). */
  outcome: unknown;
}) {
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
        <ActionOutcome outcome={outcome} />
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
      <ProductionSheet
        teamName={team.name}
        fixedText={team.fixedText}
        sheet={sheet}
        sizes={sizes}
      />
      <section aria-labelledby="roster-heading" className="space-y-3 print:hidden">
        <h2 id="roster-heading" className="font-display text-2xl font-bold uppercase">
          Roster
        </h2>
        <RosterTable roster={team.roster} view="owner" />
      </section>
    </div>
  );
}
