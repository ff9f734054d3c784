import { partsFrom } from "~/flows/parts.server";
import { CircleCheck } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { data, Link, useNavigate } from "react-router";
import { useHydrated } from "~/components/useHydrated";
import { cartActions } from "~/cart/store";
import { pageMeta } from "~/seo/meta";
import { ConfirmationReceipt } from "~/flows/checkout/ConfirmationReceipt";
import { dbFrom } from "~/db/context.server";
import { confirmationFor, type VerifiedOrder } from "~/flows/checkout/cart-actions.server";
import type { Route } from "./+types/order-confirmation";
import { formatPence } from "~/pricing/money";
import { Button } from "~/ui/Button";

export const meta = () =>
  pageMeta({ title: "Order confirmation", description: "Your GRIP TRUTH order." });

/** The page shows an order's details once verified: never kept by a cache (X-SEC-7). */
export const headers = () => ({ "Cache-Control": "no-store" });

/** Home after a successful order (S-CHK-6), unless the customer stays. */
const REDIRECT_SECONDS = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(
    { verified: await confirmationFor(dbFrom(context), request, partsFrom(context)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The visitor's reduced-motion wish, once in the browser (false on the server). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener("change", changed);
      return () => query?.removeEventListener("change", changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * The order, verified by the server from `session_id` when the page is made (issue 25, X-PE-2):
 * shown without JavaScript; POST /api/verify-order still answers the same in JSON.
 */
export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { verified } = loaderData;
  const navigate = useNavigate();
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

  // The move home counts down a second at a time and "Stay on this page" stops it (S-CHK-6;
  // issue 24, item 12). It is a time limit (WCAG 2.2.1, X-A11Y-4): said once when it starts, in
  // its own status line (the visible count is not read at every tick); any key or tap stops it,
  // as does the button, which stays where it is so the focus does not drop; and with reduced
  // motion it never starts (a link home instead, as without JavaScript).
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const [staying, setStaying] = useState(false);
  const still = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const counting = state.kind === "success" && hydrated && !staying && !still;
  // Said once in the status line when the count starts, and again when it is stopped.
  const said = staying
    ? "You are staying on this page."
    : counting
      ? `Taking you back to the shop in ${REDIRECT_SECONDS} seconds. Press any key, or tap, to stay on this page.`
      : "";
  useEffect(() => {
    if (!counting) return;
    const stay = () => setStaying(true);
    window.addEventListener("keydown", stay);
    window.addEventListener("pointerdown", stay);
    return () => {
      window.removeEventListener("keydown", stay);
      window.removeEventListener("pointerdown", stay);
    };
  }, [counting]);
  useEffect(() => {
    if (!counting) return;
    if (secondsLeft <= 0) {
      void navigate("/");
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [counting, secondsLeft, navigate]);

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
            .{" "}
            {!hydrated || still ? (
              // Without JavaScript nothing counts down: a real link instead of a promise (issue 39);
              // with reduced motion nothing leaves by itself either (X-A11Y-4).
              <Link to="/" className="text-accent underline" data-testid="redirect-note">
                Back to the shop
              </Link>
            ) : staying ? (
              <span data-testid="redirect-note">You are staying on this page.</span>
            ) : (
              // The number changes every second: not read at every tick (the status line below
              // says it once).
              <span data-testid="redirect-note" aria-live="off">
                Taking you back to the shop in {secondsLeft}{" "}
                {secondsLeft === 1 ? "second" : "seconds"}.
              </span>
            )}
          </p>
          <p role="status" className="sr-only" data-testid="redirect-status">
            {said}
          </p>
          {!hydrated || still ? null : (
            // Stays in place once pressed, so the focus stays on it.
            <Button
              type="button"
              variant="secondary"
              className="mt-3"
              aria-disabled={staying || undefined}
              onClick={() => setStaying(true)}
            >
              {staying ? "Staying on this page" : "Stay on this page"}
            </Button>
          )}
          {state.receipt ? <ConfirmationReceipt receipt={state.receipt} /> : null}
        </>
      )}
    </section>
  );
}
