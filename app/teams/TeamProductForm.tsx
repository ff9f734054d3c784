import type { ReactNode } from "react";
import { ProductImage } from "~/catalogue/components/ProductImage";
import { formatPence } from "~/pricing/money";
import { CUSTOM_TEXT_MAX } from "~/shared/limits";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import type { PublicTeam, TeamChoicePrefill } from "./rules";

type Offered = PublicTeam["products"][number];

/**
 * One offered product on /team/<slug> (X-TEAM-2): a plain GET form to the team's checkout step,
 * so it works without JavaScript. The team's text is shown, not editable; the member's name box
 * only where the team prints names.
 */
export function TeamProductForm({
  slug,
  product,
  fixedText,
  memberNames,
  prefill,
  organiserPays = false,
  entryKey,
  sizeGuide,
}: {
  /** Issue 41: the product's size charts, as the size guide shows them (the route's to give). */
  sizeGuide?: ReactNode;
  slug: string;
  product: Offered;
  fixedText: string;
  memberNames: boolean;
  prefill?: TeamChoicePrefill;
  /** X-TEAM-7: the organiser pays: the form sends an entry (name, e-mail, choice), no card. */
  organiserPays?: boolean;
  /** X-SEC-25: the members' key from the organiser's link, sent with the entry. */
  entryKey?: string | null;
}) {
  const id = `${product.productId}-${product.optionType}`.replace(/[^a-zA-Z0-9-]/g, "-");
  const mine =
    prefill?.productId === product.productId && prefill.optionType === product.optionType
      ? prefill
      : undefined;
  return (
    <section
      aria-labelledby={`${id}-name`}
      className={`rounded-lg bg-white p-5 ring-1 ring-black/5 ${mine ? "ring-2 ring-accent" : ""}`}
    >
      <div className="flex items-start gap-4">
        {product.image ? (
          // Issue 41: what the member is ordering, as the shop shows it.
          <div className="size-24 shrink-0 overflow-hidden rounded-md bg-stone sm:size-32">
            <ProductImage image={{ ...product.image, view: "front" }} />
          </div>
        ) : null}
        <div>
          <h2 id={`${id}-name`} className="font-display text-xl font-bold uppercase">
            {product.name}
            {product.optionType !== "Standard" ? ` (${product.optionType})` : ""}
          </h2>
          <p className="mt-1 text-lg font-semibold">
            {formatPence(product.teamPricePence)}{" "}
            <span className="text-sm font-normal text-muted">team price</span>
          </p>
          <p className="text-sm text-muted">Sizes: {product.sizes.join(", ")}</p>
        </div>
      </div>
      {sizeGuide ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold underline underline-offset-4">
            Size guide
            <span className="sr-only">
              {" "}
              for {product.name} ({product.optionType})
            </span>
          </summary>
          {sizeGuide}
        </details>
      ) : null}
      <form
        method={organiserPays ? "post" : "get"}
        action={
          organiserPays
            ? `/team/${slug}${entryKey ? `?key=${encodeURIComponent(entryKey)}` : ""}`
            : `/team/${slug}/checkout`
        }
        className="mt-4 space-y-4"
      >
        {organiserPays && entryKey ? <input type="hidden" name="key" value={entryKey} /> : null}
        {organiserPays ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Your name"
              name="name"
              id={`${id}-member`}
              autoComplete="name"
              maxLength={80}
              required
            />
            <Field
              label="Your e-mail"
              name="email"
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              maxLength={254}
              required
            />
          </div>
        ) : null}
        <input type="hidden" name="productId" value={product.productId} />
        <input type="hidden" name="optionType" value={product.optionType} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect
            label="Size"
            name="size"
            id={`${id}-size`}
            choices={product.sizes}
            chosen={mine?.size}
          />
          {product.beltRanks ? (
            <ChoiceSelect
              label="Belt rank"
              name="beltRank"
              id={`${id}-belt`}
              choices={product.beltRanks}
              chosen={mine?.beltRank}
            />
          ) : null}
          {product.colors ? (
            <ChoiceSelect
              label="Colour"
              name="color"
              id={`${id}-colour`}
              choices={product.colors}
              chosen={mine?.color}
            />
          ) : null}
        </div>
        <p className="text-sm">
          Printed on it: <strong className="font-display tracking-wide">{fixedText}</strong>
        </p>
        {memberNames ? (
          <Field
            label="Your name to print (optional)"
            hint={`Up to ${CUSTOM_TEXT_MAX} characters.`}
            name="printName"
            id={`${id}-print-name`}
            maxLength={CUSTOM_TEXT_MAX}
            autoComplete="off"
            defaultValue={mine?.printName ?? ""}
          />
        ) : null}
        {organiserPays ? (
          <Button
            type="submit"
            aria-label={`Send my choice: ${product.name} (${product.optionType})`}
          >
            Send my choice
          </Button>
        ) : (
          <Button type="submit" aria-label={`Order ${product.name} (${product.optionType})`}>
            Order
          </Button>
        )}
      </form>
    </section>
  );
}

/** One required choice of the line (size, belt rank, colour): "Choose a …" until one is picked. */
function ChoiceSelect({
  label,
  name,
  id,
  choices,
  chosen,
}: {
  label: string;
  name: string;
  id: string;
  choices: readonly string[];
  /** The roster link's prefilled choice, if any. */
  chosen?: string;
}) {
  return (
    <SelectField label={label} name={name} required id={id} defaultValue={chosen ?? ""}>
      <option value="" disabled>
        {`Choose a ${label.toLowerCase()}`}
      </option>
      {choices.map((choice) => (
        <option key={choice}>{choice}</option>
      ))}
    </SelectField>
  );
}
