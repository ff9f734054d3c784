import type { ReactNode } from "react";
import { Form } from "react-router";
import { EmailText } from "~/ui/EmailText";
import type { ReturnRequestSummary } from "./requests.server";
import { formatLondon } from "~/shared/london-time";

const when = (iso: string) => formatLondon(new Date(iso));

const STATUS_WORDS: Record<ReturnRequestSummary["status"], string> = {
  requested: "Awaiting items",
  received: "Received",
  refunded: "Refunded",
};
const STATUS_TONES: Record<ReturnRequestSummary["status"], string> = {
  requested: "bg-amber-100 text-ink",
  received: "bg-stone text-ink",
  refunded: "bg-success text-white",
};

/**
 * The owner's list of returns requests (X-UK-5), for the back office's returns page and the order
 * page. Presentational: the page passes the requests (listReturnRequests) and, to offer "Mark
 * received", the form action for a request; `actions` renders what follows receipt (X-DAY-1).
 */
export function ReturnRequestsList({
  requests,
  markReceivedAction,
  orderHref,
  actions,
  title = "Return requests",
}: {
  requests: readonly ReturnRequestSummary[];
  /** Where "Mark received" posts (with the request's `id`); no button without it. */
  markReceivedAction?: (id: string) => string;
  /** Link from each request to its order in the back office. */
  orderHref?: (orderNumber: string) => string;
  /** What the owner can do with a received or refunded request (refund, put back in stock). */
  actions?: (request: ReturnRequestSummary) => ReactNode;
  title?: string;
}) {
  return (
    <section aria-labelledby="return-requests-title" className="space-y-3">
      <h2 id="return-requests-title" className="font-display text-2xl font-bold uppercase">
        {title}
      </h2>
      {requests.length === 0 ? (
        <p className="text-muted">No return requests.</p>
      ) : (
        <ul className="space-y-3" aria-label={title}>
          {requests.map((request) => (
            <li
              key={request.id}
              className="rounded-lg bg-white p-4 ring-1 ring-black/5"
              data-testid="return-request"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {request.reference} ·{" "}
                  {orderHref ? (
                    <a href={orderHref(request.orderNumber)} className="underline">
                      {request.orderNumber}
                    </a>
                  ) : (
                    request.orderNumber
                  )}
                </p>
                <p
                  className={`rounded px-2 py-0.5 text-sm font-semibold ${STATUS_TONES[request.status]}`}
                >
                  {STATUS_WORDS[request.status]}
                </p>
              </div>
              <p className="text-sm text-muted">
                {request.customerName ?? "Customer"} ·{" "}
                {request.customerEmail ? <EmailText email={request.customerEmail} /> : "no e-mail"}{" "}
                · requested {when(request.createdAt)}
              </p>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {request.lines.map((line, i) => (
                  <li key={i}>
                    {line.quantity} × {line.productName}
                    {line.details ? ` (${line.details})` : ""}
                    {line.exchange ? (
                      <span className="block font-semibold">{exchangeWords(line.exchange)}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm">
                <span className="font-semibold">Reason:</span> {request.reason}
              </p>
              {request.status !== "requested" && request.receivedAt ? (
                <>
                  <p className="mt-2 text-sm text-muted">
                    Received {when(request.receivedAt)}
                    {request.receivedBy ? ` by ${request.receivedBy}` : ""}.
                  </p>
                  {actions?.(request)}
                </>
              ) : markReceivedAction ? (
                <Form method="post" action={markReceivedAction(request.id)} className="mt-3">
                  <input type="hidden" name="id" value={request.id} />
                  <button
                    type="submit"
                    className="rounded bg-ink px-4 py-2 text-sm font-semibold text-paper hover:bg-ink-soft"
                  >
                    Mark received
                    <span className="sr-only"> ({request.reference})</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** X-FIT-2: the asked-for exchange, and on receipt what became of it, in plain words. */
function exchangeWords(exchange: { size: string; status: string | null }): string {
  switch (exchange.status) {
    case "to_ship":
      return `Exchange: size ${exchange.size} reserved from stock, to ship (no new payment).`;
    case "to_make":
      return `Exchange: size ${exchange.size} is made to order, to make (no new payment).`;
    case "refund":
      return `Size ${exchange.size} ran out before this return arrived: refund it instead (the buyer has been told).`;
    default:
      return `Asks for size ${exchange.size} instead of a refund; it is reserved when you mark the return received.`;
  }
}
