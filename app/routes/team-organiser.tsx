import { data, Form } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { pageEndpoint, refuse } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { ROSTER_UPLOAD_LIMIT, uploadRoster } from "~/teams/roster-upload.server";
import { UPLOAD_COLUMNS } from "~/teams/roster-rows";
import { Button } from "~/ui/Button";
import { dbFrom } from "~/db/context.server";
import { formatPence } from "~/pricing/money";
import { TEAM_STATUS_LABELS } from "~/teams/labels";
import { sizeCounts, timeLeft, ukDateTimeInWords } from "~/teams/rules";
import { organiserView } from "~/teams/teams.server";
import type { Route } from "./+types/team-organiser";

export const meta = () => [
  { title: "Organiser | Team order | GRIP TRUTH" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const view = await organiserView(dbFrom(context), params.slug, key);
  if (!view) throw data("Not found", { status: 404 });
  return {
    ...view,
    key: key!,
    sizes: sizeCounts(view.roster),
    left: timeLeft(new Date(view.closesAt)),
  };
}

/** The roster upload (X-TEAM-3): every row checked, then one e-mail per member. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: {
      kind: "multipart",
      limit: ROSTER_UPLOAD_LIMIT,
      tooLarge: "The roster file is too large.",
    },
    rateLimit: QUOTAS.rosterUpload,
    noStore: true,
  },
  async ({ db, body, params, request, context }) => {
    const file = body.get("roster");
    if (!(file instanceof File) || file.size === 0)
      return refuse(400, "Choose the roster file (CSV).");
    return uploadRoster(
      db,
      await catalogueFrom(context),
      params.slug ?? "",
      new URL(request.url).searchParams.get("key"),
      await file.text(),
    );
  },
);

/** /team/<slug>/organiser?key=… (X-TEAM-3): who has ordered what, sizes, names, the total. */
export default function TeamOrganiser({ loaderData: view, actionData }: Route.ComponentProps) {
  const answer = actionData as
    { error?: string; problems?: string[]; message?: string } | undefined;
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
      </header>
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
          <ul className="flex flex-wrap gap-2" aria-label="Items per size">
            {view.sizes.map(({ size, count }) => (
              <li key={size} className="rounded-full bg-ink px-3 py-1 text-paper">
                {size}: {count}
              </li>
            ))}
          </ul>
        )}
      </section>
      {view.open ? (
        <section
          aria-labelledby="upload-heading"
          className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
        >
          <h2 id="upload-heading" className="font-display text-2xl font-bold uppercase">
            Upload a roster
          </h2>
          <p className="text-sm">
            A CSV file with the columns <code>{UPLOAD_COLUMNS.join(", ")}</code>. Each member gets
            an e-mail with a link that opens their choice ready to pay. If any row has a problem,
            nothing is sent.
          </p>
          {answer?.message ? (
            <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-800">
              {answer.message}
            </p>
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
            action={`/team/${view.slug}/organiser?key=${encodeURIComponent(view.key)}`}
            className="flex flex-wrap items-end gap-3"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="roster-file" className="text-sm font-semibold">
                Roster file (CSV)
              </label>
              <input id="roster-file" type="file" name="roster" accept=".csv,text/csv" required />
            </div>
            <Button type="submit">Check and send</Button>
          </Form>
        </section>
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
        <div
          className="overflow-x-auto rounded-lg bg-white ring-1 ring-black/5"
          tabIndex={0}
          role="region"
          aria-label="Who has ordered (scrolls sideways)"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Paid orders, one row per item line</caption>
            <thead className="bg-stone/60">
              <tr>
                {["Member", "Product", "Size", "Belt rank / colour", "Name to print", "Order"].map(
                  (heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {view.roster.map((entry, index) => (
                <tr key={`${entry.orderNumber}-${index}`} className="border-t border-ink/10">
                  <td className="px-3 py-2 font-semibold">{entry.memberName}</td>
                  <td className="px-3 py-2">
                    {entry.productName} ({entry.optionType})
                    {(entry.quantity ?? 1) > 1 ? ` × ${entry.quantity}` : ""}
                  </td>
                  <td className="px-3 py-2">{entry.size}</td>
                  <td className="px-3 py-2">{entry.beltRank ?? entry.color ?? ""}</td>
                  <td className="px-3 py-2">{entry.printName ?? ""}</td>
                  <td className="px-3 py-2">{entry.orderNumber}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
