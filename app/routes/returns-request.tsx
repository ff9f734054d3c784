import { clockFrom, settingsFrom } from "~/db/context.server";
import { pageMeta } from "~/seo/meta";
import type { ReturnRequestStep } from "~/returns/requests.server";
import { returnRequestForm } from "~/flows/returns/exchanges.server";
import { ReturnRequestForm } from "~/returns/ReturnRequestForm";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import type { Route } from "./+types/returns-request";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () =>
  pageMeta({
    title: "Request a return",
    description: `Use your right to cancel: tell us which items of a delivered order you are sending back.`,
  });

export const headers = () => ({ "Cache-Control": "no-store" });

/** /returns/request (X-UK-5): an order number can be passed from tracking to fill the form in. */
export function loader({ request }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get("order")?.trim().slice(0, 20) ?? "";
  return { orderNumber: order };
}

/** Posted as a form: the e-mail stays out of URLs and logs; lookups are limited per address. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.form },
    rateLimit: QUOTAS.returnRequest,
    noStore: true,
  },
  ({ db, body, context }) =>
    returnRequestForm(db, body, settingsFrom(context), clockFrom(context).now()),
);

export default function ReturnsRequest({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as (Partial<ReturnRequestStep> & { error?: string }) | undefined;
  // A refusal from the edge itself (cross-site, too large, too many) carries only its message.
  const step: ReturnRequestStep =
    answer && "step" in answer && answer.step
      ? (answer as ReturnRequestStep)
      : { step: "find", orderNumber: loaderData.orderNumber, error: answer?.error };
  return <ReturnRequestForm step={step} />;
}
