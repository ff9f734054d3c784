import { Form, Link } from "react-router";
import { formatPence } from "~/pricing/money";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button, ButtonLink } from "~/ui/Button";
import type { AttentionItem } from "./attention.server";
import type { BackupHealth } from "./backups.server";

const LABELS: Record<AttentionItem["kind"], string> = {
  "refund-pending": "Refund not finished",
  "refund-failed": "Refund refused",
  "payment-flagged": "Payment to give back",
};

/**
 * "Needs attention" (issue 27), first on the dashboard: each item says what happened and what to
 * do. "Refund this payment" asks first: a link to the same page with ?confirm=, then a form that
 * does it, so it works without JavaScript and is never one tap.
 */
export function NeedsAttention({
  items,
  backup,
  confirm,
  outcome,
}: {
  items: readonly AttentionItem[];
  /** The nightly backups (issue 40): a late one is an item, else the last one's time. */
  backup?: BackupHealth | null;
  confirm: string | null;
  outcome: unknown;
}) {
  return (
    <section aria-labelledby="dashboard-attention" className="space-y-3">
      <h2 id="dashboard-attention" className="font-display text-xl font-bold uppercase">
        Needs attention
      </h2>
      <ActionOutcome outcome={outcome} />
      {backup?.late ? (
        <ul className="space-y-3" aria-label="Backups">
          <li className="rounded-lg border-l-4 border-accent bg-white p-4 ring-1 ring-black/5">
            <p className="font-semibold">Backup missing</p>
            <p className="mt-1 break-words">{backup.sentence}</p>
          </li>
        </ul>
      ) : null}
      {items.length === 0 && backup?.late ? null : items.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-muted ring-1 ring-black/5">
          Nothing needs attention: every refund has gone through and every payment matched its
          order.
        </p>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Needs attention">
            {items.map((item) => (
              <li
                key={`${item.kind}-${item.flaggedPaymentId ?? item.at}-${item.orderNumber}`}
                className="rounded-lg border-l-4 border-accent bg-white p-4 ring-1 ring-black/5"
              >
                <p className="font-semibold">
                  {LABELS[item.kind]} ·{" "}
                  <Link
                    to={`/admin/orders/${item.orderNumber}`}
                    className="underline underline-offset-4"
                  >
                    {item.orderNumber}
                  </Link>
                </p>
                <p className="mt-1 break-words">{item.sentence}</p>
                {item.flaggedPaymentId ? (
                  confirm === item.flaggedPaymentId ? (
                    <Form method="post" className="mt-3 space-y-2 rounded-md bg-stone p-3">
                      <p className="font-semibold" id={`confirm-${item.flaggedPaymentId}`}>
                        Give {formatPence(item.amountPence)} back to the customer of{" "}
                        {item.orderNumber}? This cannot be undone.
                      </p>
                      <input type="hidden" name="payment" value={item.flaggedPaymentId} />
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="danger"
                          aria-describedby={`confirm-${item.flaggedPaymentId}`}
                        >
                          Refund this payment
                        </Button>
                        <ButtonLink to="/admin">Keep it</ButtonLink>
                      </div>
                    </Form>
                  ) : (
                    <Form method="get" className="mt-3">
                      <input type="hidden" name="confirm" value={item.flaggedPaymentId} />
                      <Button variant="secondary">Refund this payment</Button>
                    </Form>
                  )
                ) : null}
              </li>
            ))}
          </ul>
          <p>
            <Link
              to="/admin/orders?attention=1"
              className="font-semibold underline underline-offset-4"
            >
              The orders that need attention
            </Link>
          </p>
        </>
      )}
      {backup && !backup.late ? <p className="text-sm text-muted">{backup.sentence}</p> : null}
    </section>
  );
}
