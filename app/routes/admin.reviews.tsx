import { partsFrom } from "~/flows/parts.server";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { applyReviewForm, listOwnerReviews } from "~/reviews/admin.server";
import { OwnerReviewList } from "~/reviews/components/OwnerReviewList";
import { pageEndpoint } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.reviews";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "Reviews | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  return { reviews: await listOwnerReviews(db, clockFrom(context).now()) };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, body, owner, context }) =>
    applyReviewForm(db, body, owner!.email, partsFrom(context), clockFrom(context).now()),
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
      <ActionOutcome outcome={actionData} />
      <OwnerReviewList reviews={loaderData.reviews} />
    </div>
  );
}
