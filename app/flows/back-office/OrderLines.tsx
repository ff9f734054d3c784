import { Fragment } from "react";
import { choiceParts, type ChoicePart } from "~/catalogue/options";
import { formatPence } from "~/pricing/money";
import type { OrderLine } from "~/orders/orders.server";

/** The texts the job sheet shows large, apart from the other choices. */
const LARGE = new Set<ChoicePart["label"]>([
  "Custom text",
  "Team text",
  "Name for the lapel",
  "Name to print",
]);

/** Each line with its choices; the customer's own text large and exactly as typed (X-OPS-3). */
export function OrderLines({
  lines,
  prices = true,
}: {
  lines: readonly (OrderLine & { teamName?: string | null })[];
  prices?: boolean;
}) {
  return (
    <ul className="divide-y divide-stone">
      {lines.map((line) => (
        <li key={line.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto]">
          <div>
            <p className="font-semibold">
              {line.quantity} × {line.productName}
            </p>
            {line.cancelledAt ? (
              <p data-testid="line-cancelled" className="mt-1 text-sm font-semibold text-red-800">
                Cancelled with its team and refunded: not to make or send.
              </p>
            ) : null}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              {/* X-DAY-7: the choices as every other place names them (choiceParts); the texts to
                  print follow, large. */}
              {choiceParts(line)
                .filter((part) => !LARGE.has(part.label))
                .map((part) => (
                  <Fragment key={part.label}>
                    <dt className="text-muted">{part.label}</dt>
                    <dd>{part.value}</dd>
                  </Fragment>
                ))}
              {line.teamSlug ? (
                <>
                  <dt className="text-muted">Team</dt>
                  <dd data-testid="line-team">
                    {line.teamName ?? line.teamSlug} ({line.teamSlug})
                  </dd>
                </>
              ) : null}
              <dt className="text-muted">Comes from</dt>
              <dd data-testid="line-source">{line.fromStock ? "Stock" : "Made to order"}</dd>
            </dl>
            {line.customText ? (
              <div className="mt-2">
                <p className="text-sm text-muted">
                  {line.nameCustomisation
                    ? "Name for the lapel"
                    : line.teamSlug
                      ? "The team's text, on every item"
                      : "Custom text"}{" "}
                  (exactly as typed)
                </p>
                <p
                  data-testid="custom-text"
                  className="inline-block rounded border-2 border-ink bg-white px-3 py-1 font-mono text-3xl font-bold break-all whitespace-pre-wrap"
                >
                  {line.customText}
                </p>
              </div>
            ) : null}
            {line.printName ? (
              <div className="mt-2">
                <p className="text-sm text-muted">Name to print (the member&apos;s own)</p>
                <p
                  data-testid="print-name"
                  className="inline-block rounded border-2 border-ink bg-white px-3 py-1 font-mono text-3xl font-bold break-all whitespace-pre-wrap"
                >
                  {line.printName}
                </p>
              </div>
            ) : null}
          </div>
          {prices ? (
            <p className="text-right sm:min-w-32">
              <span className="block text-sm text-muted">
                {formatPence(line.unitPricePence)} each
              </span>
              <span className="font-semibold">{formatPence(line.lineTotalPence)}</span>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
