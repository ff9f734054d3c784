import { Form } from "react-router";
import { pageEndpoint } from "~/security/edge.server";
import { pageMeta } from "~/seo/meta";
import { BODY_LIMITS } from "~/shared/limits";
import { unsubscribeStockAlert } from "~/stock/alerts.server";
import { InfoPageShell } from "~/ui/InfoPageShell";
import type { Route } from "./+types/stock-alerts.unsubscribe";

export const meta = () =>
  pageMeta({ title: "Unsubscribe", description: "Stop a back-in-stock alert." });

export const headers = () => ({ "Cache-Control": "no-store" });

export function loader() {
  return null;
}

/**
 * /stock-alerts/unsubscribe/:token (X-FIT-3): every alert e-mail's link. The page asks with a
 * button (a POST), so a mail scanner opening the link removes nothing.
 */
export const action = pageEndpoint(
  { sameOrigin: true, body: { kind: "form", limit: BODY_LIMITS.flag }, noStore: true },
  async ({ db, params }) => {
    await unsubscribeStockAlert(db, (params.token ?? "").slice(0, 100));
    return { ok: true as const, data: { done: true } };
  },
);

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const done = (actionData as { done?: boolean } | undefined)?.done;
  return (
    <InfoPageShell title="Unsubscribe">
      {done ? (
        <p role="status">Done: you will get no e-mail about this alert.</p>
      ) : (
        <Form method="post">
          <p>Stop this back-in-stock alert? We will then not e-mail you about it.</p>
          <button
            type="submit"
            className="mt-4 min-h-11 rounded bg-ink px-5 py-2 font-semibold text-paper hover:bg-ink-soft"
          >
            Unsubscribe
          </button>
        </Form>
      )}
    </InfoPageShell>
  );
}
