import { data, Form, Link } from "react-router";
import { clockFrom, dbFrom } from "~/db/context.server";
import { pageMeta } from "~/seo/meta";
import { pageEndpoint, statusOf } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { confirmStockAlert, describeStockAlert } from "~/stock/alerts.server";
import { InfoPageShell } from "~/ui/InfoPageShell";
import type { Route } from "./+types/stock-alerts.confirm";

export const meta = () =>
  pageMeta({ title: "Confirm your alert", description: "Your back-in-stock alert." });

export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * GET /stock-alerts/confirm/:token: the double opt-in's link (X-FIT-3). The page names the size
 * and asks with a button (X-SEC-24): only its POST confirms, so a mail scanner opening the link
 * confirms nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const answer = await describeStockAlert(
    dbFrom(context),
    params.token ?? "",
    clockFrom(context).now(),
  );
  if (!answer.ok) return data({ error: answer.message, alert: null }, { status: statusOf(answer) });
  return { error: null, alert: answer.data };
}

/** POST /stock-alerts/confirm/:token: the page's button (a real form, without JavaScript too). */
export const action = pageEndpoint(
  { sameOrigin: true, body: { kind: "form", limit: BODY_LIMITS.flag }, noStore: true },
  async ({ db, params, context }) => {
    const answer = await confirmStockAlert(db, params.token ?? "", clockFrom(context).now());
    return answer.ok ? { ok: true as const, data: { confirmed: answer.data } } : answer;
  },
);

type Alert = { productId: string; size: string; color: string };

function Confirmed({ alert }: { alert: Alert }) {
  return (
    <p role="status">
      We'll e-mail you once when size {alert.size}
      {alert.color ? ` in ${alert.color}` : ""} is back in stock, and then forget the alert.{" "}
      <Link to={`/product/${alert.productId}`} className="underline underline-offset-4">
        Back to the product
      </Link>
    </p>
  );
}

export default function ConfirmStockAlert({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData as { confirmed?: Alert; error?: string } | undefined;
  const { alert } = loaderData;
  const error = posted?.error ?? loaderData.error;
  const confirmed = posted?.confirmed ?? (alert?.confirmed ? alert : undefined);
  return (
    <InfoPageShell
      title={
        confirmed
          ? "Alert confirmed"
          : alert && !error
            ? "Confirm your alert"
            : "This link has expired"
      }
    >
      {confirmed ? (
        <Confirmed alert={confirmed} />
      ) : alert && !error ? (
        <Form method="post">
          <p>
            E-mail me once when size {alert.size}
            {alert.color ? ` in ${alert.color}` : ""} is back in stock? If you did not ask for this,
            close this page: without the confirmation we keep nothing.
          </p>
          <button
            type="submit"
            className="mt-4 min-h-11 rounded bg-ink px-5 py-2 font-semibold text-paper hover:bg-ink-soft"
          >
            Confirm my alert
          </button>
        </Form>
      ) : (
        <p role="alert">{error}</p>
      )}
    </InfoPageShell>
  );
}
