import { Form, Link } from "react-router";
import { choiceDetails } from "~/catalogue/options";
import { shippingText } from "~/flows/checkout/DeliveryChoice";
import { LineNotice } from "~/policy/LineNotice";
import { formatPence } from "~/pricing/money";
import { addressOnOneLine } from "~/orders/delivery-label";
import { enabledMethods, methodLabel, shippingChargePence } from "~/pricing/shipping";
import type { LineChoice } from "~/shared/line-choice";
import { TEAM_PRICE_SENTENCE } from "~/teams/labels";
import { teamDeliveryCharge } from "~/teams/rules";
import { Button } from "~/ui/Button";
import type { TeamCheckoutPreview } from "./team-checkout.server";

/** The team checkout step as its loader answers: the priced line, or why it cannot be bought. */
export type TeamCheckoutStep =
  | { ok: false; error: string; back: string }
  | ({
      ok: true;
      back: string;
      teamName: string;
      /** X-TEAM-6: the team's delivery address, when its kit is delivered together. */
      teamAddress: string | null;
      choice: LineChoice;
    } & TeamCheckoutPreview);

/**
 * /team/<slug>/checkout (X-TEAM-2): the member's line, the delivery, the total, "Pay" (a plain
 * form carrying the choice, so it works without JavaScript); or the reason it cannot be bought.
 */
export function TeamCheckoutPage({
  step,
  refusal,
}: {
  step: TeamCheckoutStep;
  /** Why "Pay" was refused. */
  refusal?: string;
}) {
  if (!step.ok) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
        <h1 className="font-display text-3xl font-bold uppercase">Your team order</h1>
        <p role="alert" className="rounded-md bg-red-50 p-4 font-semibold text-red-800">
          {step.error}
        </p>
        <Link to={step.back} className="font-semibold underline underline-offset-4">
          Back to the team order
        </Link>
      </div>
    );
  }
  const {
    line,
    totals,
    choice,
    shippedToMember,
    shippingMethod,
    teamName,
    teamAddress,
    back,
    delivery,
  } = step;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <header>
        <p className="text-sm font-semibold tracking-widest text-muted uppercase">{teamName}</p>
        <h1 className="font-display text-3xl font-bold uppercase">Your team order</h1>
      </header>
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
      <section
        aria-labelledby="line-heading"
        className="rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="line-heading" className="font-display text-xl font-bold uppercase">
          {line.productName}
        </h2>
        <p className="text-sm">{choiceDetails(line).join(", ")}</p>
        <LineNotice line={line} className="mt-2" />
        <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
          <dt>Team price</dt>
          <dd className="text-right">{formatPence(line.unitPricePence)}</dd>
          <dt>Delivery</dt>
          <dd className="text-right">{shippingText(totals.shippingPence)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatPence(totals.totalPence)}</dd>
        </dl>
      </section>
      <Form method="post" className="space-y-4">
        {(["productId", "optionType", "size", "beltRank", "color", "printName"] as const).map(
          (field) =>
            choice[field] ? (
              <input key={field} type="hidden" name={field} value={String(choice[field])} />
            ) : null,
        )}
        {shippedToMember ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Delivery</legend>
            {enabledMethods(delivery).map((id) => (
              <label key={id} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="shippingMethod"
                  value={id}
                  defaultChecked={id === shippingMethod}
                  className="size-5"
                />
                {methodLabel(id, delivery)}:{" "}
                {/* X-SEC-21: a team line counts nothing towards free delivery. */}
                {shippingText(shippingChargePence(id, line.quantity, 0, delivery))}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm" data-testid="team-delivery">
            {teamAddress
              ? `With your team to ${addressOnOneLine(teamAddress)}: ${teamDeliveryCharge(totals.shippingPence)}, and no address needed.`
              : `Sent with the team's order to the academy: ${teamDeliveryCharge(totals.shippingPence)}.`}
          </p>
        )}
        <p className="text-sm text-muted">{TEAM_PRICE_SENTENCE}</p>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">Pay</Button>
          <Link to={back} className="font-semibold underline underline-offset-4">
            Change your choice
          </Link>
        </div>
      </Form>
    </div>
  );
}
