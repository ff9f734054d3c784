import { partsFrom } from "~/flows/parts.server";
import { CircleCheck } from "~/ui/icons/circle-check";
import { useEffect } from "react";
import { data, Link } from "react-router";
import { cartActions } from "~/cart/store";
import { pageMeta } from "~/seo/meta";
import { ConfirmationReceipt } from "~/flows/checkout/ConfirmationReceipt";
import { dbFrom } from "~/db/context.server";
import { confirmationFor, type VerifiedOrder } from "~/flows/checkout/cart-actions.server";
import type { Route } from "./+types/order-confirmation";
import { formatPence } from "~/pricing/money";
import { ButtonLink } from "~/ui/Button";

export const meta = () =>
  pageMeta({ title: "Order confirmation", description: "Your GRIP TRUTH order." });

/** The page shows an order's details once verified: never kept by a cache (X-SEC-7). */
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(
    { verified: await confirmationFor(dbFrom(context), request, partsFrom(context)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The order, verified by the server from `session_id` when the page is made (issue 25, X-PE-2):
 * shown without JavaScript; POST /api/verify-order still answers the same in JSON.
 */
export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { verified } = loaderData;
  const state:
    | { kind: "error" }
    | { kind: "success"; session: VerifiedOrder["session"]; receipt: VerifiedOrder["receipt"] } =
    verified?.success
      ? { kind: "success", session: verified.session, receipt: verified.receipt }
      : { kind: "error" };

  // Paid: the cart is emptied by a POST of its own (a GET changes nothing, X-SEC-20); after the
  // sandbox's payment it is empty already, and the header's badge follows.
  useEffect(() => {
    if (verified?.success) cartActions.clear();
  }, [verified?.success]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      {state.kind === "error" ? (
        <>
          <h1 className="font-display text-4xl font-bold uppercase">Order Verification Failed</h1>
          <p className="mt-4 text-lg text-muted">
            We couldn&apos;t verify your order. Please contact support if you&apos;ve been charged.
          </p>
          <Link
            to="/"
            className="mt-8 inline-block rounded bg-ink px-6 py-3 font-semibold text-paper hover:bg-ink-soft"
          >
            Return to Home
          </Link>
        </>
      ) : (
        <>
          <CircleCheck aria-hidden="true" className="mx-auto size-16 text-success" />
          <h1 className="mt-4 font-display text-4xl font-bold uppercase">
            Thank you for your order!
          </h1>
          <dl className="mx-auto mt-8 max-w-sm space-y-2 rounded-lg bg-white p-6 text-left ring-1 ring-black/5">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Order number</dt>
              <dd className="font-semibold" data-testid="order-number">
                {state.session.order_number}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Amount paid</dt>
              <dd className="font-semibold" data-testid="amount-paid">
                {formatPence(state.session.amount_total)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Confirmation sent to</dt>
              <dd className="font-semibold break-all">{state.session.customer_email}</dd>
            </div>
          </dl>
          <p className="mt-6 text-muted">
            You can follow your order on the{" "}
            <Link to="/tracking" className="text-accent underline">
              tracking page
            </Link>
            .
          </p>
          {/* Issue 56 (WCAG 2.2.1): the page stays as long as the customer wants it, the order
              number with it; nothing moves on by itself (docs/differences.md, S-CHK-6). */}
          <ButtonLink to="/" variant="primary" className="mt-6" data-testid="continue-shopping">
            Continue shopping
          </ButtonLink>
          {state.receipt ? <ConfirmationReceipt receipt={state.receipt} /> : null}
        </>
      )}
    </section>
  );
}
