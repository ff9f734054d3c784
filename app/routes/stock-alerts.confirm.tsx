import { data, Link } from "react-router";
import { clockFrom, dbFrom } from "~/db/context.server";
import { pageMeta } from "~/seo/meta";
import { statusOf } from "~/security/edge.server";
import { confirmStockAlert } from "~/stock/alerts.server";
import { InfoPageShell } from "~/ui/InfoPageShell";
import type { Route } from "./+types/stock-alerts.confirm";

export const meta = () =>
  pageMeta({ title: "Alert confirmed", description: "Your back-in-stock alert." });

export const headers = () => ({ "Cache-Control": "no-store" });

/** GET /stock-alerts/confirm/:token: the double opt-in's link (X-FIT-3). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const answer = await confirmStockAlert(
    dbFrom(context),
    (params.token ?? "").slice(0, 100),
    clockFrom(context).now(),
  );
  if (!answer.ok) return data({ error: answer.message, alert: null }, { status: statusOf(answer) });
  return { error: null, alert: answer.data };
}

export default function ConfirmStockAlert({ loaderData }: Route.ComponentProps) {
  const { error, alert } = loaderData;
  return (
    <InfoPageShell title={alert ? "Alert confirmed" : "This link has expired"}>
      {alert ? (
        <p>
          We'll e-mail you once when size {alert.size}
          {alert.color ? ` in ${alert.color}` : ""} is back in stock, and then forget the alert.{" "}
          <Link to={`/product/${alert.productId}`} className="underline underline-offset-4">
            Back to the product
          </Link>
        </p>
      ) : (
        <p>{error}</p>
      )}
    </InfoPageShell>
  );
}
