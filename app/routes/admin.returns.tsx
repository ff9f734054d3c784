import { partsFrom } from "~/flows/parts.server";
import { useNavigation } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { ConfirmStepPanel } from "~/flows/back-office/ConfirmStepPanel";
import { ReturnActions } from "~/flows/returns/ReturnActions";
import { returnsPage, returnsPageAction } from "~/flows/returns/returns-page.server";
import { ReturnRequestsList } from "~/returns/ReturnRequestsList";
import { pageEndpoint } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.returns";
import { BODY_LIMITS } from "~/shared/limits";
import { returnsNotice } from "~/policy/consumer-rights";
import { useShopContact } from "~/ui/shop-contact";

export const meta = () => [{ title: "Returns | GRIP TRUTH back office" }];

/** /admin/returns (X-UK-5): the customers' return requests, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return returnsPage(dbFrom(context));
}

/** "Mark received", "Refund" (asks first) and "Put back in stock" (X-DAY-1), here or from an order. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, body, owner, context }) => returnsPageAction(db, body, owner!.email, partsFrom(context)),
);

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  // X-OWN-5: requests are named by the owner's window, which includes the legal right to cancel.
  const { returnDays } = useShopContact();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Returns</h1>
        <p className="mt-1 text-muted">
          Requests under your {returnsNotice(returnDays)} (the buyer&apos;s 14-day right to cancel
          is included). Mark the items received when they arrive, then refund them and put stocked
          items back in stock.
        </p>
      </header>
      {/* Its alert or status is the message's one live region (X-A11Y-7). */}
      <ActionOutcome outcome={actionData} />
      {confirm?.kind === "refund" && confirm.returnId ? (
        <ConfirmStepPanel
          step={confirm}
          orderNumber={confirm.returnReference ?? ""}
          busy={busy}
          backTo="/admin/returns"
          hidden={{ id: confirm.returnId }}
        />
      ) : null}
      <ReturnRequestsList
        title="Return requests"
        requests={loaderData.requests}
        markReceivedAction={() => "/admin/returns"}
        orderHref={(orderNumber) => `/admin/orders/${orderNumber}`}
        actions={(request) => (
          <ReturnActions
            request={request}
            restockable={loaderData.restockable.includes(request.id)}
            busy={busy}
          />
        )}
      />
    </div>
  );
}
