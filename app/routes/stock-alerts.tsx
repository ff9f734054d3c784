import { Link } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { settingsFrom } from "~/db/context.server";
import { pageEndpoint } from "~/security/edge.server";
import { canonicalOrigin } from "~/security/origin.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import { BODY_LIMITS } from "~/shared/limits";
import { requestStockAlert } from "~/stock/alerts.server";
import { InfoPageShell } from "~/ui/InfoPageShell";
import type { Route } from "./+types/stock-alerts";

export const meta = () =>
  pageMeta({
    title: "E-mail me when it's back",
    description: "Ask to hear once when a sold-out size is back in stock.",
  });

export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * POST /stock-alerts: the product page's "E-mail me when it's back" without JavaScript (X-FIT-3).
 * The size and colour come as one `variant` field ("L|Black"); the answer is this page.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.stockAlert,
    noStore: true,
  },
  async ({ db, body, request, context }) => {
    const field = (name: string) => String(body.get(name) ?? "");
    const [size, color = ""] = field("variant").split("|");
    const answer = await requestStockAlert(
      db,
      await catalogueFrom(context),
      {
        productId: field("productId"),
        optionType: field("optionType"),
        size: size ?? "",
        color,
        email: field("email"),
      },
      canonicalOrigin(settingsFrom(context), request),
    );
    return answer.ok
      ? {
          ok: true as const,
          status: 202 as const,
          data: { ...answer.data, productId: field("productId") },
        }
      : { ...answer, extra: { ...answer.extra, productId: field("productId") } };
  },
);

export function loader() {
  return null;
}

export default function StockAlerts({ actionData }: Route.ComponentProps) {
  const answer = actionData as { message?: string; error?: string; productId?: string } | undefined;
  return (
    <InfoPageShell title="E-mail me when it's back">
      {answer?.message ? <p role="status">{answer.message}</p> : null}
      {answer?.error ? (
        <p role="alert" className="font-semibold text-accent">
          {answer.error}
        </p>
      ) : null}
      {!answer ? (
        <p>Choose a sold-out size on its product's page to hear when it is back.</p>
      ) : null}
      {answer?.productId ? (
        <p>
          <Link to={`/product/${answer.productId}`} className="underline underline-offset-4">
            Back to the product
          </Link>
        </p>
      ) : null}
    </InfoPageShell>
  );
}
