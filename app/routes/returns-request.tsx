import { data } from "react-router";
import { pageMeta } from "~/components/seo";
import { POLICY } from "~/content/policy";
import { getDb } from "~/db/client.server";
import { handleReturnRequestForm } from "~/returns/requests.server";
import { ReturnRequestForm } from "~/returns/ReturnRequestForm";
import { clientAddress, isSameOrigin } from "~/security/request.server";
import type { Route } from "./+types/returns-request";

export const meta = () =>
  pageMeta({
    title: "Request a return",
    description: `Use your ${POLICY.returnDays}-day right to cancel: tell us which items of a delivered order you are sending back.`,
  });

/** /returns/request (X-UK-5): an order number can be passed from tracking to fill the form in. */
export function loader({ request }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get("order")?.trim().slice(0, 20) ?? "";
  return { orderNumber: order };
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOrigin(request)) {
    return data(
      { step: "find" as const, error: "Cross-site requests are not allowed." },
      { status: 403 },
    );
  }
  const { status, step } = await handleReturnRequestForm(
    await getDb(),
    await request.formData(),
    clientAddress(request),
  );
  return data(step, { status });
}

export default function ReturnsRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReturnRequestForm step={actionData ?? { step: "find", orderNumber: loaderData.orderNumber }} />
  );
}
