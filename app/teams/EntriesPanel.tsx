import { Form } from "react-router";
import { formatPence } from "~/pricing/money";
import { CUSTOM_TEXT_MAX } from "~/shared/limits";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import type { OrganiserView } from "./teams.server";

const STATE_LABELS = {
  to_pay: "To pay",
  paying: "Payment open",
  paid: "Paid",
  refunded: "Refunded",
} as const;

/** "Pay for 3 items (£180.00)": the organiser's button (X-TEAM-7). */
export const payButtonText = (count: number, totalPence: number) =>
  `Pay for ${count} item${count === 1 ? "" : "s"} (${formatPence(totalPence)})`;

/**
 * X-TEAM-7: the members' entries on the organiser's page, as stacked rows (they fit 320 px),
 * each with "Correct" and "Remove" (asked first) while it is still to pay, the total, and
 * "Pay for N items (£X)" through the ordinary checkout. Every control is a plain form.
 */
export function EntriesPanel({
  view,
  keyParam,
  removing,
  sizes,
}: {
  view: Pick<
    OrganiserView,
    "slug" | "entries" | "toPayCount" | "toPayPence" | "memberNames" | "status"
  >;
  keyParam: string;
  /** The entry whose removal is being asked about. */
  removing: string | null;
  /** Each offer's sizes, "productId|optionType" → sizes. */
  sizes: Record<string, string[]>;
}) {
  const action = `/team/${view.slug}/organiser/entries?key=${encodeURIComponent(keyParam)}`;
  const total = view.entries.reduce((sum, entry) => sum + entry.pricePence, 0);
  return (
    <section aria-labelledby="entries-heading" className="space-y-3">
      <h2 id="entries-heading" className="font-display text-2xl font-bold uppercase">
        Entries you pay for
      </h2>
      <p>
        {view.entries.length === 0
          ? "No entries yet: members send their choice from the team page, without a card."
          : `${view.entries.length} item${view.entries.length === 1 ? "" : "s"}, ${formatPence(total)} at team prices; ${view.toPayCount} left to pay (${formatPence(view.toPayPence)}).`}
      </p>
      {view.entries.length > 0 ? (
        <ul className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5">
          {view.entries.map((entry) => (
            <li key={entry.entryId} className="space-y-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold break-words">{entry.name}</p>
                <p className="text-sm">
                  {STATE_LABELS[entry.state]}
                  {entry.orderNumber ? ` (${entry.orderNumber})` : ""} ·{" "}
                  {formatPence(entry.pricePence)}
                </p>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-muted">Item</dt>
                <dd className="break-words">
                  {entry.productName} ({entry.optionType})
                </dd>
                <dt className="text-muted">Size</dt>
                <dd>{entry.size}</dd>
                {entry.beltRank ? (
                  <>
                    <dt className="text-muted">Belt rank</dt>
                    <dd>{entry.beltRank}</dd>
                  </>
                ) : null}
                {entry.color ? (
                  <>
                    <dt className="text-muted">Colour</dt>
                    <dd>{entry.color}</dd>
                  </>
                ) : null}
                <dt className="text-muted">Name to print</dt>
                <dd className="break-words">{entry.printName ?? "None"}</dd>
              </dl>
              {entry.state === "to_pay" && removing === entry.entryId ? (
                <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-amber-950">
                  <p className="font-semibold">
                    Remove {entry.name}&apos;s entry? This cannot be undone: they would have to send
                    their choice again.
                  </p>
                  <Form method="post" action={action} className="flex flex-wrap gap-3">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="entryId" value={entry.entryId} />
                    <input type="hidden" name="confirmed" value="yes" />
                    <Button type="submit">Yes, remove it</Button>
                    <a
                      href={`/team/${view.slug}/organiser?key=${encodeURIComponent(keyParam)}#entries-heading`}
                      className="self-center font-semibold underline underline-offset-4"
                    >
                      Keep it
                    </a>
                  </Form>
                </div>
              ) : null}
              {entry.state === "to_pay" && removing !== entry.entryId ? (
                <div className="flex flex-wrap items-start gap-3">
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="entryId" value={entry.entryId} />
                    <Button type="submit" aria-label={`Remove ${entry.name}'s entry`}>
                      Remove
                    </Button>
                  </Form>
                  <details className="min-w-0 grow">
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold underline underline-offset-4">
                      Correct {entry.name}&apos;s entry
                    </summary>
                    <Form method="post" action={action} className="mt-2 space-y-3">
                      <input type="hidden" name="intent" value="correct" />
                      <input type="hidden" name="entryId" value={entry.entryId} />
                      <input type="hidden" name="email" value={entry.email} />
                      <input type="hidden" name="productId" value={entry.productId} />
                      <input type="hidden" name="optionType" value={entry.optionType} />
                      {entry.beltRank ? (
                        <input type="hidden" name="beltRank" value={entry.beltRank} />
                      ) : null}
                      {entry.color ? (
                        <input type="hidden" name="color" value={entry.color} />
                      ) : null}
                      <Field
                        label="Name"
                        name="name"
                        id={`entry-${entry.entryId}-name`}
                        defaultValue={entry.name}
                        maxLength={80}
                        required
                      />
                      <SelectField
                        label="Size"
                        name="size"
                        id={`entry-${entry.entryId}-size`}
                        defaultValue={entry.size}
                      >
                        {(sizes[`${entry.productId}|${entry.optionType}`] ?? [entry.size]).map(
                          (size) => (
                            <option key={size}>{size}</option>
                          ),
                        )}
                      </SelectField>
                      {view.memberNames ? (
                        <Field
                          label="Name to print"
                          name="printName"
                          id={`entry-${entry.entryId}-print`}
                          defaultValue={entry.printName ?? ""}
                          maxLength={CUSTOM_TEXT_MAX}
                        />
                      ) : null}
                      <Button type="submit">Save the correction</Button>
                    </Form>
                  </details>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {view.toPayCount > 0 && view.status !== "cancelled" ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="pay" />
          <Button type="submit">{payButtonText(view.toPayCount, view.toPayPence)}</Button>
        </Form>
      ) : null}
    </section>
  );
}
