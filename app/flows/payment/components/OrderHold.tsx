import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { londonClockTime } from "~/shared/london-time";
import { HOLD_EXTENSION_MINUTES, HOLD_WARNING_SECONDS } from "~/shared/limits";
import { Button, buttonClass } from "~/ui/Button";

/** The payment page's view of the order's hold (sandbox.server.ts holdOf). */
export interface Hold {
  ended: boolean;
  expiresAt: string;
  now: string;
  extensionsLeft: number;
}

/** The button's words, the same with and without JavaScript. */
export const KEEP_LABEL = `Keep my order for ${HOLD_EXTENSION_MINUTES} more minutes`;

const clock = (iso: string) => londonClockTime(new Date(iso));

/**
 * How long the order is held, said before anything else on the payment page (issue 56, WCAG
 * 2.2.1: a time limit is said, can be extended, and warns before it ends). With JavaScript, two
 * minutes before the end ONE message is put in the status line (said once, not a countdown) with
 * a button that keeps the order HOLD_EXTENSION_MINUTES more; when the time is up the page asks
 * the server again, which shows the expired page. Without JavaScript the payment form's own
 * "keep" button does the same (it posts the form, so nothing typed is lost).
 *
 * The time is counted from the shop's clock as the server gave it (`hold.now`), moved on by the
 * browser's clock since: a browser whose clock is wrong still warns on time.
 */
export function OrderHold({
  hold,
  action,
  kept,
}: {
  hold: Hold;
  /** The payment page's URL (its action). */
  action: string;
  /** The answer of the form's own keep button, without JavaScript. */
  kept?: { message: string; ok: boolean };
}) {
  const fetcher = useFetcher<{ kept?: { expiresAt: string }; error?: string }>();
  const revalidator = useRevalidator();
  // The hold (by its end) the warning was given for, and the one "keep" was asked for.
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const answer = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // Shop time minus browser time, taken when the server's answer arrives.
    const offset = Date.parse(hold.now) - Date.now();
    const left = Date.parse(hold.expiresAt) - (Date.now() + offset);
    const warn = setTimeout(
      () => setWarnedFor(hold.expiresAt),
      Math.max(0, left - HOLD_WARNING_SECONDS * 1000),
    );
    // The server decides: its loader shows the expired page once the order has ended.
    const over = setTimeout(() => void revalidator.revalidate(), Math.max(0, left));
    return () => {
      clearTimeout(warn);
      clearTimeout(over);
    };
    // The revalidator changes at every render; the timers follow the hold only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hold.expiresAt, hold.now]);

  // The answer to "keep" moves the focus to the status line that says it (the button it
  // answers goes, so the focus would otherwise fall to the page's body).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) answer.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const warning = warnedFor === hold.expiresAt;
  const answered = fetcher.state === "idle" && fetcher.data !== undefined && asked !== null;
  const warningText =
    hold.extensionsLeft > 0
      ? `Your order is held for 2 more minutes, until ${clock(hold.expiresAt)}. To keep it for another ${HOLD_EXTENSION_MINUTES} minutes, use the button "${KEEP_LABEL}".`
      : `Your order is held for 2 more minutes, until ${clock(hold.expiresAt)}, the longest we can keep it. Please pay before then.`;
  const answerText = fetcher.data?.kept
    ? `Your order is now held until ${clock(fetcher.data.kept.expiresAt)}.`
    : (fetcher.data?.error ?? "Your order could not be kept longer.");
  // One live line: the latest of the warning and the answer to "keep", each said once.
  const said =
    answered && (asked === hold.expiresAt || !warning) ? answerText : warning ? warningText : "";
  const offerKeep = warning && hold.extensionsLeft > 0 && !(answered && asked === hold.expiresAt);
  const keeping = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="hold-title"
      data-testid="order-hold"
      className={`rounded-lg p-4 ring-1 ${warning ? "bg-amber-50 ring-amber-600" : "bg-white ring-black/5"}`}
    >
      <h2 id="hold-title" className="font-display text-xl font-bold uppercase">
        Your order is held until {clock(hold.expiresAt)}
      </h2>
      <p className="mt-1 text-sm" data-testid="hold-note">
        We keep your order and its items for you until {clock(hold.expiresAt)} (UK time). If it is
        not paid by then it is cancelled and nothing is charged.{" "}
        {hold.extensionsLeft > 0
          ? `You can ask for ${HOLD_EXTENSION_MINUTES} more minutes ${hold.extensionsLeft === 1 ? "once more" : `up to ${hold.extensionsLeft} times`}, with the button below the Pay button.`
          : "It cannot be kept any longer."}
      </p>
      {kept ? (
        <p
          className={`mt-2 text-sm font-semibold ${kept.ok ? "" : "text-accent"}`}
          data-testid="hold-kept"
        >
          {kept.message}
        </p>
      ) : null}
      {/* One live line: empty until the warning or the answer to "keep" (said once each). */}
      <p
        ref={answer}
        tabIndex={-1}
        role="status"
        data-testid="hold-status"
        className="mt-2 font-semibold empty:hidden"
      >
        {said}
      </p>
      {offerKeep ? (
        <Button
          type="button"
          variant="primary"
          className="mt-3"
          busy={keeping}
          onClick={() => {
            setAsked(hold.expiresAt);
            void fetcher.submit({ intent: "keep" }, { method: "post", action });
          }}
        >
          {KEEP_LABEL}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The payment page of an order that was not paid in time (issue 56): what happened, and the way
 * back to the checkout with the same cart (a cart is emptied only by a payment). When it replaces
 * the form in place (the focused control gone with it), the focus moves to its heading.
 */
export function OrderHoldEnded() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) heading.current?.focus();
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="order-hold-ended">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-display text-4xl font-bold uppercase focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-ink"
      >
        This order is no longer held
      </h1>
      <p className="mt-4 text-muted">
        It was not paid within the time we held it, so it has been cancelled and its items are back
        on sale. Nothing was charged. Your cart still has everything in it: check out again to place
        the order.
      </p>
      <Link to="/checkout" className={buttonClass("danger", "mt-8 px-6 py-3")}>
        Check out again
      </Link>
    </section>
  );
}
