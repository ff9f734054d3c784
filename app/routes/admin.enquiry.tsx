import { data, Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { Button } from "~/ui/Button";
import { dbFrom } from "~/db/context.server";
import { findOwnerEnquiry, markEnquiryHandled, replyLink } from "~/enquiries/admin.server";
import { pageEndpoint, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.enquiry";
import { BODY_LIMITS } from "~/shared/limits";
import { formatLondon } from "~/shared/london-time";

export const meta = () => [{ title: "Enquiry | GRIP TRUTH back office" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  const enquiry = await findOwnerEnquiry(db, params.id);
  if (!enquiry) throw data("No enquiry has that id.", { status: 404 });
  return { enquiry, reply: replyLink(enquiry) };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  async ({ db, params, owner }) => {
    const outcome = await markEnquiryHandled(db, params.id ?? "", owner!.email);
    return outcome.ok ? success({ message: "Marked handled." }) : outcome;
  },
);

/** One enquiry (X-OPS-8): all it says, a reply link and "Mark handled". */
export default function AdminEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, reply } = loaderData;
  const rows: [string, string][] = [
    ["Name", enquiry.name],
    ["E-mail", enquiry.email],
    ["Academy or team", enquiry.academy ?? "Not given"],
    ["Garments", enquiry.garmentTypes.length ? enquiry.garmentTypes.join(", ") : "Not given"],
    ["Rough quantity", enquiry.quantity ?? "Not given"],
    ["Received", formatLondon(new Date(enquiry.createdAt))],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <Link to="/admin/enquiries" className="font-semibold underline underline-offset-4">
        ← All enquiries
      </Link>
      <header>
        <h1 className="font-display text-3xl font-bold uppercase break-words">
          Enquiry from {enquiry.academy ?? enquiry.name}
        </h1>
        <p className="mt-1 font-semibold">
          {enquiry.handled
            ? `Handled${enquiry.handledAt ? ` on ${formatLondon(new Date(enquiry.handledAt))}` : ""}${enquiry.handledBy ? ` by ${enquiry.handledBy}` : ""}.`
            : "Not handled yet."}
        </p>
      </header>
      <ActionOutcome outcome={actionData} />
      <dl className="grid gap-x-4 gap-y-2 rounded-lg bg-white p-5 ring-1 ring-black/5 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-labelledby="message-heading"
        className="rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="message-heading" className="font-display text-xl font-bold uppercase">
          Message
        </h2>
        <p className="mt-2 break-words whitespace-pre-line">{enquiry.message}</p>
      </section>
      <div className="flex flex-wrap gap-3">
        <a
          href={reply}
          className="inline-flex min-h-11 items-center rounded bg-ink px-4 py-2 font-semibold text-paper hover:bg-ink-soft"
        >
          Reply by e-mail
        </a>
        {enquiry.handled ? null : (
          <Form method="post">
            <Button variant="secondary">Mark handled</Button>
          </Form>
        )}
      </div>
    </div>
  );
}
