import { clockFrom } from "~/db/context.server";
import { Form } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { settingsPolicy } from "~/policy/policy";
import { pageMeta } from "~/seo/meta";
import { InfoPageShell } from "~/ui/InfoPageShell";
import { trackingHelp } from "~/content/pages";
import { type TrackingResult, trackOrder } from "~/orders/tracking.server";
import { formatPence } from "~/pricing/money";
import { ReturnLink } from "~/returns/ReturnLink";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import type { Route } from "./+types/tracking";
import { BODY_LIMITS, EMAIL_MAX, ORDER_NUMBER_MAX } from "~/shared/limits";
import { ErrorSummary, fieldId } from "~/ui/forms";
import { Field } from "~/ui/Field";

export const meta = () =>
  pageMeta({
    title: "Order tracking",
    description: trackingHelp.description,
  });

export const headers = () => ({ "Cache-Control": "no-store" });

/** The lookup is a POST (X-SEC-7): the e-mail never appears in a URL or an access log. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.tracking,
    noStore: true,
  },
  ({ db, body, context }) => trackOrder(db, body, clockFrom(context).now()),
);

type TrackingAnswer = {
  error?: string;
  fieldErrors?: Record<string, string>;
  result?: TrackingResult;
  query?: { order: string; email: string };
};

/** The help below quotes the owner's delivery times and return window (X-TRUE-2). */
export async function loader({ context }: Route.LoaderArgs) {
  return { policy: settingsPolicy((await catalogueFrom(context)).settings) };
}

export default function Tracking({ actionData, loaderData }: Route.ComponentProps) {
  const answer = actionData as TrackingAnswer | undefined;
  const query = answer?.query;
  const result: TrackingResult | undefined =
    answer?.result ?? (answer?.error ? { found: false, message: answer.error } : undefined);
  const errors = answer?.fieldErrors ?? {};
  const { Body } = trackingHelp;
  return (
    <InfoPageShell
      eyebrow={trackingHelp.eyebrow}
      title={trackingHelp.title}
      lead={trackingHelp.lead}
    >
      <Form
        method="post"
        noValidate
        className="not-prose mt-8 grid gap-4 rounded-lg bg-white p-6 ring-1 ring-black/5 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        {/* Not found: the form's error summary, which takes the focus (X-A11Y-2); it is in no
            live region as well (read twice before, X-A11Y-7). */}
        {result && !result.found ? (
          <div className="sm:col-span-3">
            <ErrorSummary
              form="track"
              message={result.message}
              errors={errors}
              fieldOrder={["order", "email"]}
              answer={answer}
            />
          </div>
        ) : null}
        <Field
          id={fieldId("track", "order")}
          label="Order number"
          name="order"
          defaultValue={query?.order}
          placeholder="GT-10001"
          required
          maxLength={ORDER_NUMBER_MAX}
          error={errors.order}
        />
        <Field
          id={fieldId("track", "email")}
          label="E-mail address"
          name="email"
          type="email"
          defaultValue={query?.email}
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          error={errors.email}
        />
        <button
          type="submit"
          className="rounded bg-ink px-5 py-2.5 font-semibold text-paper hover:bg-ink-soft"
        >
          Track order
        </button>
      </Form>
      <div aria-live="polite">
        {result?.found ? (
          <section
            aria-labelledby="tracked-order"
            className="mt-6 rounded-lg bg-white p-6 ring-1 ring-black/5"
          >
            <h2 id="tracked-order" className="!mt-0">
              Order {result.orderNumber}
            </h2>
            <p>
              Status: <strong data-testid="order-status">{result.status}</strong>
            </p>
            {result.trackingNumber ? (
              <p>
                Sent with <strong data-testid="order-carrier">{result.carrier}</strong>, tracking
                number <strong data-testid="order-tracking-number">{result.trackingNumber}</strong>
                {result.trackingUrl ? (
                  <>
                    {" · "}
                    <a
                      href={result.trackingUrl}
                      rel="noopener noreferrer"
                      data-testid="order-tracking-link"
                    >
                      Follow your parcel on {result.carrier}&apos;s site
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            <p>
              Placed {new Date(result.placed).toLocaleDateString("en-GB", { dateStyle: "long" })} ·
              Total {formatPence(result.totalPence)}
            </p>
            <p data-testid="tracked-delivery">Delivery: {result.delivery}</p>
            <ul>
              {result.lines.map((line) => (
                <li key={line.id}>
                  {line.quantity} × {line.productName}
                  {line.details ? ` (${line.details})` : ""}
                </li>
              ))}
            </ul>
            <ReturnLink orderNumber={result.orderNumber} />
          </section>
        ) : null}
      </div>
      <Body policy={loaderData.policy} />
    </InfoPageShell>
  );
}
