import { Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { listOwnerEnquiries } from "~/enquiries/admin.server";
import type { Route } from "./+types/admin.enquiries";
import { formatLondon } from "~/shared/london-time";

export const meta = () => [{ title: "Enquiries | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  return { enquiries: await listOwnerEnquiries(db) };
}

/** /admin/enquiries (X-OPS-8): newest first; open one to read, reply and mark it handled. */
export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const { enquiries } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Enquiries</h1>
        <p className="mt-1 text-muted">Custom gear enquiries, newest first.</p>
      </header>
      {enquiries.length === 0 ? (
        <p className="rounded-lg bg-white p-5 ring-1 ring-black/5">No enquiries yet.</p>
      ) : (
        <ul className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5">
          {enquiries.map((enquiry) => (
            <li key={enquiry.id}>
              <Link
                to={`/admin/enquiries/${enquiry.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-paper sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">
                    {enquiry.academy ? `${enquiry.academy} · ` : ""}
                    {enquiry.name}
                  </span>
                  <span className="block truncate text-sm text-muted">{enquiry.message}</span>
                </span>
                <span className="text-sm text-muted">
                  {formatLondon(new Date(enquiry.createdAt))}
                </span>
                <span
                  className={`w-fit rounded-full px-2 text-sm font-semibold ${
                    enquiry.handled ? "bg-green-100 text-green-900" : "bg-accent-bright text-ink"
                  }`}
                >
                  {enquiry.handled ? "Handled" : "New"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
