import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import { listReturnRequests, markReturnReceived } from "~/returns/requests.server";
import { ReturnRequestsList } from "~/returns/ReturnRequestsList";
import { pageEndpoint, refuse, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.returns";

export const meta = () => [{ title: "Returns | GRIP TRUTH back office" }];

/** /admin/returns (X-UK-5): the customers' return requests, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  return { requests: await listReturnRequests(db) };
}

/** "Mark received" (from this page or an order's page); the refund is the order's own action. */
export const action = pageEndpoint(
  { sameOrigin: true, owner: "page", body: { kind: "form", limit: 1024 }, noStore: true },
  async ({ db, body, owner }) => {
    const result = await markReturnReceived(db, String(body.get("id") ?? ""), owner!.email);
    if (!result.ok) return refuse(result.status, result.error);
    return success({ message: "Marked received." });
  },
);

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Returns</h1>
        <p className="mt-1 text-muted">
          Requests under the 14-day right to cancel. Mark the items received when they arrive, then
          refund them from the order.
        </p>
      </header>
      <ActionOutcome outcome={actionData} />
      <ReturnRequestsList
        title="Return requests"
        requests={loaderData.requests}
        markReceivedAction={() => "/admin/returns"}
        orderHref={(orderNumber) => `/admin/orders/${orderNumber}`}
      />
    </div>
  );
}
