import { Form } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { dayInWords } from "~/giftcards/email";
import {
  applyGiftCardForm,
  listGiftCards,
  outstandingGiftCardPence,
} from "~/giftcards/admin.server";
import { requireOwner } from "~/owners/guard.server";
import { formatPence } from "~/pricing/money";
import { pageEndpoint, success } from "~/security/edge.server";
import { GIFT_CARD_DEFAULT_EXPIRY_MONTHS, maskedGiftCode, shopDay } from "~/shared/gift-cards";
import { BODY_LIMITS } from "~/shared/limits";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import type { Route } from "./+types/admin.gift-cards";

export const meta = () => [{ title: "Gift cards | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const db = dbFrom(context);
  const today = shopDay(clockFrom(context).now());
  const cards = await listGiftCards(db);
  return {
    outstandingPence: await outstandingGiftCardPence(db, today),
    cards: cards.map((card) => ({
      id: card.id,
      masked: maskedGiftCode(card.lastFour ?? "????"),
      status: card.status,
      initialPence: card.initialPence,
      balancePence: card.balancePence,
      buyer: card.buyerEmail,
      recipient: card.recipientName,
      recipientEmail: card.recipientEmail,
      sendOn: card.sendOn,
      sentAt: card.sentAt?.toISOString() ?? null,
      expiresOn: card.expiresOn,
      history: card.history.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amountPence: entry.amountPence,
        orderNumber: entry.orderNumber,
        reason: entry.reason,
        actor: entry.actor,
        at: entry.at.toISOString(),
      })),
    })),
  };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const settings = (await catalogueFrom(context)).settings.settings;
    const now = clockFrom(context).now();
    const outcome = await applyGiftCardForm(db, body, owner!.email, {
      today: shopDay(now),
      expiryMonths: settings.giftCards?.expiryMonths ?? GIFT_CARD_DEFAULT_EXPIRY_MONTHS,
      now,
    });
    if (!outcome.ok) return outcome;
    return success({ message: outcome.data.message }, body.get("intent") === "issue" ? 201 : 200);
  },
);

const EVENT_WORDS: Record<string, string> = {
  issued: "Issued",
  sent: "E-mailed to the recipient",
  spent: "Spent",
  refunded: "Refunded to the card",
  voided: "Voided",
  adjusted: "Adjusted",
};

/** /admin/gift-cards (X-GIFT-6): every card, the outstanding total, issue, adjust and void. */
export default function AdminGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase">Gift cards</h1>
          <p className="mt-1 text-lg">
            Outstanding (what unspent cards are worth):{" "}
            <strong data-testid="gift-cards-outstanding">
              {formatPence(loaderData.outstandingPence)}
            </strong>
          </p>
        </div>
        <a href="/admin/gift-cards.csv" className="font-semibold underline underline-offset-4">
          Download CSV
        </a>
      </header>
      <ActionOutcome outcome={actionData} focus />
      <section
        aria-labelledby="issue-title"
        className="rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="issue-title" className="font-display text-xl font-bold uppercase">
          Issue a card by hand
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="issue" />
          <Field name="amount" label="Amount (£)" inputMode="decimal" required />
          <Field name="recipientName" label="For (name)" required maxLength={80} />
          <Field
            name="recipientEmail"
            label="Their e-mail (optional)"
            type="email"
            maxLength={254}
          />
          <Field name="reason" label="Reason (a prize, goodwill)" required maxLength={300} />
          <div className="sm:col-span-2">
            <Button type="submit">Issue gift card</Button>
          </div>
        </Form>
      </section>
      <ul className="space-y-4" aria-label="Gift cards">
        {loaderData.cards.map((card) => (
          <li key={card.id}>
            <section
              aria-labelledby={`card-${card.id}`}
              className={`rounded-lg p-5 ring-1 ring-black/5 ${card.status === "void" ? "bg-stone/60" : "bg-white"}`}
            >
              <h2 id={`card-${card.id}`} className="font-mono text-lg font-bold">
                {card.masked} {card.status === "void" ? "(void)" : ""}
              </h2>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted">Amount</dt>
                  <dd>{formatPence(card.initialPence)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Balance</dt>
                  <dd data-testid="gift-card-balance">{formatPence(card.balancePence)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Buyer</dt>
                  <dd>{card.buyer ?? "Issued by hand"}</dd>
                </div>
                <div>
                  <dt className="text-muted">Recipient</dt>
                  <dd>
                    {card.recipient}
                    {card.recipientEmail ? ` (${card.recipientEmail})` : ""}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Send date</dt>
                  <dd>
                    {card.sendOn ? dayInWords(card.sendOn) : "—"}
                    {card.sentAt ? " (sent)" : ""}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Last day</dt>
                  <dd>{card.expiresOn ? dayInWords(card.expiresOn) : "—"}</dd>
                </div>
              </dl>
              <details className="mt-3">
                <summary className="cursor-pointer font-semibold">History</summary>
                <ol className="mt-2 space-y-1 text-sm">
                  {card.history.map((entry) => (
                    <li key={entry.id}>
                      {entry.at.slice(0, 10)} · {EVENT_WORDS[entry.kind] ?? entry.kind}
                      {entry.amountPence ? ` ${formatPence(Math.abs(entry.amountPence))}` : ""}
                      {entry.orderNumber ? ` on order ${entry.orderNumber}` : ""}
                      {entry.reason ? `: ${entry.reason}` : ""}
                      {entry.actor ? ` (${entry.actor})` : ""}
                    </li>
                  ))}
                </ol>
              </details>
              {card.status === "active" ? (
                <details className="mt-3">
                  <summary className="cursor-pointer font-semibold">Adjust or void</summary>
                  <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
                    <input type="hidden" name="id" value={card.id} />
                    <Field
                      id={`balance-${card.id}`}
                      name="balance"
                      label="New balance (£), to adjust"
                      inputMode="decimal"
                    />
                    <Field
                      id={`reason-${card.id}`}
                      name="reason"
                      label="Reason"
                      required
                      maxLength={300}
                    />
                    <label className="flex items-center gap-2 sm:col-span-2">
                      <input type="checkbox" name="confirm" value="yes" required />I confirm this
                      change to {card.masked}
                    </label>
                    <div className="flex gap-3 sm:col-span-2">
                      <Button type="submit" name="intent" value="adjust" variant="secondary">
                        Adjust balance
                      </Button>
                      <Button type="submit" name="intent" value="void" variant="danger">
                        Void card
                      </Button>
                    </div>
                  </Form>
                </details>
              ) : null}
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
