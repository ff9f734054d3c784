import { Form } from "react-router";
import { formatPence } from "~/pricing/money";
import {
  CUSTOM_TEXT_MAX,
  TEAM_EXPECTED_SIZE_DEFAULT,
  TEAM_EXPECTED_SIZE_MAX,
} from "~/shared/limits";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field, TextAreaField } from "~/ui/Field";
import type { TeamOfferChoice } from "./admin-form";
import { TEAM_DELIVERY_LABELS } from "./labels";

/** Where a new team store lives: the members' link, the organiser's, the batch page's slug. */
export interface TeamLinks {
  slug: string;
  url: string;
  /** X-SEC-25: with the members' key where the academy pays. */
  memberUrl: string;
  organiserUrl: string;
}

/**
 * /admin/teams/new (X-TEAM-1): the owner opens a team store: the team, its organiser, closing
 * time, printed text and delivery, and each product option offered with its team price.
 */
export function NewTeamPage({
  options,
  made,
  outcome,
}: {
  options: readonly TeamOfferChoice[];
  /** The links of the store just opened. */
  made?: TeamLinks;
  /** What the last post said (a message or a refusal). */
  outcome: unknown;
}) {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">New team store</h1>
      <ActionOutcome outcome={outcome} />
      {made ? (
        <section
          aria-labelledby="team-links"
          className="space-y-2 rounded-lg bg-white p-5 ring-1 ring-black/5"
        >
          <h2 id="team-links" className="font-display text-xl font-bold uppercase">
            Links
          </h2>
          <p>
            Members&apos; link:{" "}
            <a href={made.memberUrl} className="font-semibold break-all underline">
              {made.memberUrl}
            </a>
          </p>
          <p>
            Organiser&apos;s private link:{" "}
            <a href={made.organiserUrl} className="font-semibold break-all underline">
              {made.organiserUrl}
            </a>
          </p>
          <p>
            <a href={`/admin/teams/${made.slug}`} className="font-semibold underline">
              Open the team&apos;s batch page
            </a>
          </p>
        </section>
      ) : null}
      <Form method="post" className="space-y-5 rounded-lg bg-white p-5 ring-1 ring-black/5">
        <Field
          label="Team name"
          name="name"
          required
          maxLength={80}
          placeholder="Redcar BJJ: spring kit"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Organiser's name"
            name="organiserName"
            required
            maxLength={80}
            autoComplete="off"
          />
          <Field
            label="Organiser's e-mail"
            name="organiserEmail"
            type="email"
            required
            autoComplete="off"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Closes (UK time)" name="closesAt" type="datetime-local" required />
          <Field
            label="Minimum number of items (optional)"
            name="minimumItems"
            type="number"
            min={1}
            inputMode="numeric"
          />
          <Field
            label="Expected number of members"
            hint={`The roster can invite at most this many people (${TEAM_EXPECTED_SIZE_DEFAULT} if empty).`}
            name="expectedSize"
            type="number"
            min={1}
            max={TEAM_EXPECTED_SIZE_MAX}
            inputMode="numeric"
          />
        </div>
        <Field
          label="Text printed on every item"
          hint={`The academy's text, up to ${CUSTOM_TEXT_MAX} characters, e.g. REDCAR BJJ.`}
          name="fixedText"
          required
          maxLength={CUSTOM_TEXT_MAX}
        />
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" name="memberNames" className="size-5" />
          Each member adds their own name (up to {CUSTOM_TEXT_MAX} characters)
        </label>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Delivery</legend>
          {(["together", "individual"] as const).map((delivery) => (
            <label key={delivery} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="delivery"
                value={delivery}
                defaultChecked={delivery === "together"}
                className="size-5"
              />
              {TEAM_DELIVERY_LABELS[delivery]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Academy's delivery address (for delivery together)"
          name="deliveryAddress"
          rows={3}
          maxLength={400}
        />
        <Field
          label="Delivery price per member order, £ (for delivery together)"
          hint="Empty or 0 for no delivery charge."
          name="deliveryPrice"
          inputMode="decimal"
          className="max-w-xs"
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Who pays</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" name="payment" value="members" defaultChecked className="size-5" />
            Each member pays for their own kit by card
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" name="payment" value="organiser" className="size-5" />
            The organiser pays once for everyone (members send their choice, no card)
          </label>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Products offered, with team prices</legend>
          <p className="text-sm text-muted">
            Tick each option to offer and give its team price in pounds.
          </p>
          {/* Issue 41: one closed group per product (a plain <details>, no JavaScript), not a
              checkbox row for every option of every product. */}
          <div className="space-y-2">
            {groupByProduct(options).map((group) => (
              <details
                key={group.productName}
                className="rounded-lg bg-white px-4 ring-1 ring-black/5"
              >
                <summary className="flex min-h-11 cursor-pointer items-center py-2 font-semibold">
                  {group.productName}
                  <span className="ml-2 text-sm font-normal text-muted">
                    {group.options.length === 1 ? "1 option" : `${group.options.length} options`}
                  </span>
                </summary>
                <ul className="divide-y divide-ink/10 pb-2">
                  {group.options.map(({ option, index }) => (
                    <li key={option.key} className="flex flex-wrap items-center gap-3 py-2">
                      <label className="flex min-h-11 flex-1 items-center gap-3">
                        <input type="checkbox" name="offer" value={option.key} className="size-5" />
                        <span>
                          Offer <span className="sr-only">{option.productName} </span>(
                          {option.optionType}){" "}
                          <span className="text-muted">
                            (shop price {formatPence(option.pricePence)})
                          </span>
                        </span>
                      </label>
                      <label htmlFor={`price-${index}`} className="sr-only">
                        Team price for {option.productName} ({option.optionType}), in pounds
                      </label>
                      <input
                        id={`price-${index}`}
                        name={`price:${option.key}`}
                        inputMode="decimal"
                        placeholder="Team price £"
                        className="w-36 rounded border border-ink/30 bg-white px-3 py-2"
                      />
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        </fieldset>
        <Button type="submit">Open team store</Button>
      </Form>
    </div>
  );
}

/** The offer's options grouped by product, in the catalogue's order, each keeping its index. */
function groupByProduct(options: readonly TeamOfferChoice[]) {
  const groups: { productName: string; options: { option: TeamOfferChoice; index: number }[] }[] =
    [];
  for (const [index, option] of options.entries()) {
    const last = groups.at(-1);
    if (last && last.productName === option.productName) last.options.push({ option, index });
    else groups.push({ productName: option.productName, options: [{ option, index }] });
  }
  return groups;
}
