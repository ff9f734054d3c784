import { Form } from "react-router";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { formatPence, formatPenceDecimal } from "~/pricing/money";
import { REFUND_REASON_MAX } from "~/shared/limits";
import type { ReturnRequestSummary } from "~/returns/requests.server";
import { formatLondon } from "~/shared/london-time";

/**
 * What the owner does with a received return (X-DAY-1): "Refund", the returned lines' value
 * suggested (it asks before it refunds), and "Put back in stock" when its items are stocked
 * variants. Posts to /admin/returns.
 */
export function ReturnActions({
  request,
  restockable,
  busy,
}: {
  request: ReturnRequestSummary;
  restockable: boolean;
  busy: boolean;
}) {
  if (request.status === "requested") return null;
  // Issue 53: lines the customer asked another size for are not refunded; what is left to refund
  // (none, when every line is an exchange) decides the form.
  const exchanges = request.lines.filter(
    (line) => line.exchange && line.exchange.status !== "refund",
  );
  const toRefund = request.lines.length > exchanges.length;
  return (
    <div className="mt-3 grid gap-3">
      {request.status === "received" && !toRefund ? (
        <p className="text-sm font-semibold" data-testid="exchange-next">
          {exchanges.every((line) => line.exchange?.status === "dispatched")
            ? "Exchange: the replacement has been sent; nothing to refund."
            : `Exchange: send the replacement (${exchanges.map((line) => `size ${line.exchange!.size}`).join(", ")}) from the order's exchanges; nothing to refund.`}
        </p>
      ) : request.status === "received" ? (
        <Form method="post" action="/admin/returns" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="id" value={request.id} />
          <Field
            label={`Refund amount for ${request.reference}`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            defaultValue={formatPenceDecimal(request.linesValuePence)}
            hint={`The returned items came to ${formatPence(request.linesValuePence)}.`}
          />
          <Field
            label="Reason (optional)"
            name="reason"
            autoComplete="off"
            maxLength={REFUND_REASON_MAX}
            hint="Told to the customer."
          />
          <Button variant="danger" busy={busy} className="sm:justify-self-start">
            Refund<span className="sr-only"> {request.reference}</span>
          </Button>
        </Form>
      ) : (
        <p className="text-sm font-semibold">
          Refunded
          {request.refundedAt ? ` ${formatLondon(new Date(request.refundedAt))}` : ""}.
        </p>
      )}
      {restockable ? (
        <Form method="post" action="/admin/returns">
          <input type="hidden" name="intent" value="restock" />
          <input type="hidden" name="id" value={request.id} />
          <Button variant="secondary" busy={busy}>
            Put back in stock<span className="sr-only"> ({request.reference})</span>
          </Button>
        </Form>
      ) : request.restockedAt ? (
        <p className="text-sm text-muted">Put back in stock.</p>
      ) : null}
    </div>
  );
}
