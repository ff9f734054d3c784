import { Form } from "react-router";
import { formatPence } from "~/pricing/money";
import { Button } from "~/ui/Button";
import { TEAM_STATUS_LABELS } from "./labels";
import { ROSTER_NOTE_MAX } from "~/shared/limits";
import { UPLOAD_COLUMNS } from "./roster-rows";
import { TEAM_WORDS, type TeamPayment } from "./labels";
import { RosterTable } from "./RosterTable";
import { EntriesPanel } from "./EntriesPanel";
import { type SizeCounts, ukDateTimeInWords } from "./rules";
import type { OrganiserView } from "./teams.server";

/** What the roster upload answered: a message, or a refusal with each row's problem. */
export interface RosterUploadAnswer {
  error?: string;
  problems?: string[];
  message?: string;
  /** X-SEC-16: a preview (nothing sent yet), with the count and the file to send on "Send". */
  preview?: boolean;
  count?: number;
  csv?: string;
  note?: string;
}

/**
 * /team/<slug>/organiser?key=… (X-TEAM-3): who has ordered what, sizes, names, the total, and
 * (while the team is open) the roster upload.
 */
export function OrganiserPage({
  view,
  answer,
}: {
  view: OrganiserView & {
    key: string;
    memberUrl?: string | null;
    sizes: SizeCounts;
    left: string;
    notice?: string | null;
    removing?: string | null;
    offerSizes?: Record<string, string[]>;
  };
  answer?: RosterUploadAnswer;
}) {
  const csvHref = `/team/${view.slug}/organiser/roster.csv?key=${encodeURIComponent(view.key)}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm font-semibold tracking-widest text-muted uppercase">
          Organiser&apos;s page
        </p>
        <h1 className="font-display text-4xl font-bold uppercase">{view.name}</h1>
        <p>
          {view.open
            ? `Closes ${ukDateTimeInWords(new Date(view.closesAt))} (UK time): ${view.left} left.`
            : `${TEAM_STATUS_LABELS[view.status]}. Closed ${ukDateTimeInWords(new Date(view.closesAt))}.`}
        </p>
        {view.memberUrl ? (
          <p data-testid="member-link">
            Share this link with your members: only it lets them send their choice.{" "}
            <a href={view.memberUrl} className="font-semibold break-all underline">
              {view.memberUrl}
            </a>
          </p>
        ) : null}
      </header>
      {view.notice ? (
        <p role="status" className="rounded-md bg-green-50 p-4 font-semibold text-green-800">
          {view.notice}
        </p>
      ) : null}
      {view.payment === "organiser" ? (
        <EntriesPanel
          view={view}
          keyParam={view.key}
          removing={view.removing ?? null}
          sizes={view.offerSizes ?? {}}
        />
      ) : null}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ["Members paid", String(view.orders)],
          [
            "Items",
            view.minimumItems
              ? `${view.items} of ${view.minimumItems} minimum`
              : String(view.items),
          ],
          ["Total paid", formatPence(view.totalPence)],
          ["Time left", view.left],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg bg-white p-4 ring-1 ring-black/5">
            <dt className="text-sm text-muted">{term}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="sizes-heading" className="space-y-2">
        <h2 id="sizes-heading" className="font-display text-2xl font-bold uppercase">
          Sizes
        </h2>
        {view.sizes.length === 0 ? (
          <p>No one has ordered yet.</p>
        ) : (
          <div className="space-y-3">
            {view.sizes.map((group) => {
              const name = `${group.productName} (${group.optionType})`;
              return (
                <div key={name}>
                  <h3 className="font-semibold">{name}</h3>
                  <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Items per size: ${name}`}>
                    {group.sizes.map(({ size, count }) => (
                      <li key={size} className="rounded-full bg-ink px-3 py-1 text-paper">
                        {size}: {count}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        )}
      </section>
      {view.open ? (
        <RosterUpload slug={view.slug} keyParam={view.key} payment={view.payment} answer={answer} />
      ) : null}
      <section aria-labelledby="roster-heading" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="roster-heading" className="font-display text-2xl font-bold uppercase">
            Who has ordered
          </h2>
          <a href={csvHref} className="font-semibold underline underline-offset-4" download>
            Download the roster (CSV)
          </a>
        </div>
        <RosterTable roster={view.roster} view="organiser" />
      </section>
    </div>
  );
}

/** X-TEAM-3: the roster file's form and what the last upload said. */
function RosterUpload({
  slug,
  keyParam,
  payment,
  answer,
}: {
  slug: string;
  keyParam: string;
  payment: TeamPayment;
  answer?: RosterUploadAnswer;
}) {
  const action = `/team/${slug}/organiser?key=${encodeURIComponent(keyParam)}`;
  return (
    <section
      aria-labelledby="upload-heading"
      className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
    >
      <h2 id="upload-heading" className="font-display text-2xl font-bold uppercase">
        Upload a roster
      </h2>
      <p className="text-sm">
        A CSV file with the columns <code>{UPLOAD_COLUMNS.join(", ")}</code>.{" "}
        {TEAM_WORDS[payment].rosterUpload} If any row has a problem, nothing is sent. You see how
        many e-mails will go before anything is sent, and the shop is told of each send.
      </p>
      {answer?.message && !answer.preview ? (
        <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-800">
          {answer.message}
        </p>
      ) : null}
      {answer?.preview ? (
        <div role="status" className="space-y-3 rounded-md bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">{answer.message}</p>
          {answer.count ? (
            <Form method="post" encType="multipart/form-data" action={action}>
              <textarea name="csv" defaultValue={answer.csv} hidden readOnly />
              <input type="hidden" name="note" value={answer.note ?? ""} />
              <input type="hidden" name="confirmed" value="yes" />
              <Button type="submit">
                Send {answer.count} e-mail{answer.count === 1 ? "" : "s"}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {answer?.error ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          <p className="font-semibold">{answer.error}</p>
          {answer.problems?.length ? (
            <ul className="mt-2 list-disc pl-5" aria-label="Problems in the file">
              {answer.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor="roster-file" className="text-sm font-semibold">
            Roster file (CSV)
          </label>
          {/* Issue 41: a file box is wider than a 320 px phone unless it may shrink. */}
          <input
            id="roster-file"
            type="file"
            name="roster"
            accept=".csv,text/csv"
            required
            className="w-full max-w-full min-w-0"
          />
        </div>
        <div className="flex grow flex-col gap-1">
          <label htmlFor="roster-note" className="text-sm font-semibold">
            Note for every member (optional, plain text)
          </label>
          <input
            id="roster-note"
            name="note"
            maxLength={ROSTER_NOTE_MAX}
            className="rounded border border-black/20 px-3 py-2"
          />
        </div>
        <Button type="submit">Check the roster</Button>
      </Form>
    </section>
  );
}
