import { Form, Link } from "react-router";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { formatPence, formatPenceDecimal } from "~/pricing/money";
import { CARRIER_NAMES } from "~/shared/carriers";
import { formatLondon } from "~/shared/london-time";
import { TEAM_DELIVERY_LABELS, TEAM_STATUS_LABELS } from "~/teams/labels";
import { ProductionSheet } from "~/teams/ProductionSheet";
import { RosterTable } from "~/teams/RosterTable";
import {
  type SheetGroup,
  type SizeCounts,
  teamDeliveryCharge,
  ukDateTimeInWords,
} from "~/teams/rules";
import type { TeamDetail } from "~/teams/teams.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field, SelectField, TextAreaField } from "~/ui/Field";
import { TEAM_NOTE_MAX } from "~/shared/limits";
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
  offerLocked,
}: {
  team: TeamDetail;
  /** Issue 41: why the products and prices cannot change now; undefined while they can. */
  offerLocked?: string;
  sheet: readonly SheetGroup[];
  sizes: SizeCounts;
  /** The cancel's second step, when the first post asked for it. */
  confirm?: TeamCancelStep;
  /** What the last post said (a message or a refusal). */
  outcome: unknown;
}) {
  const items = team.roster.reduce((sum, entry) => sum + entry.quantity, 0);
  const canProduce = team.status === "open" || team.status === "closed";
  const canDispatch = team.status === "in_production" && team.delivery === "together";
  const canCancel = canProduce;
  // X-TEAM-8: the store's closing, while it is open and its summary has not gone.
  const canChangeClosing = team.status === "open" && !team.summarySentAt;
  const canCloseNow = canChangeClosing && team.open;
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
          {team.delivery === "together" ? `, ${teamDeliveryCharge(team.deliveryPricePence)}` : ""}
          {team.deliveryAddress ? `: ${team.deliveryAddress}` : ""}
        </p>
        <p>
          {team.orders.length} paid {team.orders.length === 1 ? "order" : "orders"}, {items}{" "}
          {items === 1 ? "item" : "items"}
          {team.minimumItems
            ? ` (minimum ${team.minimumItems}: ${items >= team.minimumItems ? "reached" : "not reached"})`
            : ""}
          . Members&apos; link:{" "}
          <a href={team.memberUrl} className="font-semibold break-all underline">
            {team.memberUrl}
          </a>
        </p>
      </header>
      <div className="print:hidden">
        <ActionOutcome outcome={outcome} />
      </div>
      {confirm ? <ConfirmPanel team={team} confirm={confirm} /> : null}
      {canChangeClosing ? (
        <section aria-labelledby="store-heading" className="space-y-3 print:hidden">
          <h2 id="store-heading" className="font-display text-2xl font-bold uppercase">
            The store
          </h2>
          <div className="flex flex-wrap items-end gap-4">
            {canCloseNow ? (
              <Form method="post">
                <input type="hidden" name="intent" value="close" />
                <Button>Close now</Button>
              </Form>
            ) : null}
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="closing" />
              <Field
                label="New closing date and time (UK)"
                name="closesAt"
                type="datetime-local"
                required
              />
              <Button>Change closing date</Button>
            </Form>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="offer-heading" className="space-y-3 print:hidden">
        <h2 id="offer-heading" className="font-display text-2xl font-bold uppercase">
          Products and team prices
        </h2>
        {offerLocked ? (
          <>
            <ul className="list-disc pl-6">
              {team.products.map((offer) => (
                <li key={`${offer.productId}|${offer.optionType}`}>
                  {offer.name} ({offer.optionType}): {formatPence(offer.teamPricePence)}
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted">{offerLocked}</p>
          </>
        ) : (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="prices" />
            <p className="text-sm text-muted">
              While no member has paid, the products and team prices can change; members see the new
              ones at once. No one is e-mailed.
            </p>
            <ul className="divide-y divide-stone rounded-lg bg-white px-4 ring-1 ring-black/5">
              {team.products.map((offer, index) => (
                <li
                  key={`${offer.productId}|${offer.optionType}`}
                  className="flex flex-wrap items-end gap-3 py-3"
                >
                  <Field
                    label={`${offer.name} (${offer.optionType}), team price £`}
                    name={`price-${index}`}
                    inputMode="decimal"
                    defaultValue={formatPenceDecimal(offer.teamPricePence)}
                    className="max-w-xs"
                  />
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" name={`remove-${index}`} className="size-5" />
                    Remove
                  </label>
                </li>
              ))}
            </ul>
            <Button>Save products and prices</Button>
          </Form>
        )}
      </section>
      {team.status !== "cancelled" ? (
        <section aria-labelledby="note-heading" className="space-y-3 print:hidden">
          <h2 id="note-heading" className="font-display text-2xl font-bold uppercase">
            Note to members
          </h2>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="note" />
            <TextAreaField
              label="Shown on the members' page (empty for none)"
              name="note"
              rows={3}
              maxLength={TEAM_NOTE_MAX}
              defaultValue={team.note ?? ""}
            />
            <Button>Save note</Button>
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

/** The second step of each batch or store action: what it will do, and its own button. */
function ConfirmPanel({ team, confirm }: { team: TeamDetail; confirm: TeamCancelStep }) {
  const back = (
    <Link
      to={`/admin/teams/${team.slug}`}
      className="inline-flex min-h-11 items-center font-semibold underline"
    >
      Go back
    </Link>
  );
  const orders = (n: number) => `${n} paid order${n === 1 ? "" : "s"}`;
  let title: string;
  let body: string;
  let button: string;
  let fields: Record<string, string>;
  switch (confirm.kind) {
    case "team-cancel":
      title = `Cancel ${team.name} and refund ${formatPence(confirm.refundPence)} to ${confirm.orders} members?`;
      body =
        "Each paid order is cancelled and refunded to the member's card, and each member is e-mailed. This cannot be undone.";
      button = "Yes, cancel and refund everyone";
      fields = { intent: "cancel" };
      break;
    case "team-move":
      title =
        confirm.status === "in_production"
          ? `Mark ${team.name} in production?`
          : `Mark ${team.name} dispatched with ${confirm.carrier} ${confirm.trackingNumber}?`;
      body = `${confirm.closesStore ? "This closes the store now: members can no longer order, and the organiser gets the closing summary. " : ""}${orders(confirm.orders)} move${confirm.orders === 1 ? "s" : ""}, and each member is e-mailed${confirm.status === "dispatched" ? "; the organiser is sent the tracking link" : ""}. This cannot be undone.`;
      button =
        confirm.status === "in_production" ? "Yes, mark in production" : "Yes, mark dispatched";
      fields = {
        intent: confirm.status,
        ...(confirm.carrier ? { carrier: confirm.carrier } : {}),
        ...(confirm.trackingNumber ? { trackingNumber: confirm.trackingNumber } : {}),
      };
      break;
    case "team-close":
      title = `Close ${team.name} now?`;
      body = `Members can no longer order, and the organiser is e-mailed the closing summary (${orders(confirm.orders)} so far). This cannot be undone.`;
      button = "Yes, close the store now";
      fields = { intent: "close" };
      break;
    case "team-closing":
      title = `Close ${team.name} on ${ukDateTimeInWords(new Date(confirm.closesAt))} instead?`;
      body = "Members see the new closing date and time on the team page at once.";
      button = "Yes, change the closing date";
      fields = { intent: "closing", closesAt: confirm.closesLocal };
      break;
  }
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-lg bg-white p-5 ring-2 ring-accent print:hidden"
    >
      <h2 id="confirm-title" className="font-display text-xl font-bold uppercase">
        {title}
      </h2>
      <p className="mt-2">{body}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value={CONFIRMED} />
        <Button variant={confirm.kind === "team-cancel" ? "danger" : undefined}>{button}</Button>
        {back}
      </Form>
    </section>
  );
}
