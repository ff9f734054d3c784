import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import { applyReviewForm, listOwnerReviews } from "~/reviews/admin.server";
import { OwnerReviewList } from "~/reviews/components/OwnerReviewList";
import { pageEndpoint } from "~/security/edge.server";
import type { Route } from "./+types/admin.reviews";

export const meta = () => [{ title: "Reviews | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", db);
  return { reviews: await listOwnerReviews(db) };
}

export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "form", limit: 4096 }, noStore: true },
  ({ db, body, owner }) => applyReviewForm(db, body, owner!.email),
);

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Reviews</h1>
        <p className="mt-1 text-muted">
          Newest first. A hidden review is gone from the product page, the rating and the footer
          count until you show it again; deleting removes it and its photos for good.
        </p>
      </header>
      {actionData && "error" in actionData ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          {actionData.error}
        </p>
      ) : actionData && "message" in actionData ? (
        <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-800">
          {actionData.message}
        </p>
      ) : null}
      <OwnerReviewList reviews={loaderData.reviews} />
    </div>
  );
}
