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
}: {
  slug: string;
  product: Offered;
  fixedText: string;
  memberNames: boolean;
  prefill?: TeamChoicePrefill;
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
      <h2 id={`${id}-name`} className="font-display text-xl font-bold uppercase">
        {product.name}
        {product.optionType !== "Standard" ? ` (${product.optionType})` : ""}
      </h2>
      <p className="mt-1 text-lg font-semibold">
        {formatPence(product.teamPricePence)}{" "}
        <span className="text-sm font-normal text-muted">team price</span>
      </p>
      <form method="get" action={`/team/${slug}/checkout`} className="mt-4 space-y-4">
        <input type="hidden" name="productId" value={product.productId} />
        <input type="hidden" name="optionType" value={product.optionType} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Size"
            name="size"
            required
            id={`${id}-size`}
            defaultValue={mine?.size ?? ""}
          >
            <option value="" disabled>
              Choose a size
            </option>
            {product.sizes.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </SelectField>
          {product.beltRanks ? (
            <SelectField
              label="Belt rank"
              name="beltRank"
              required
              id={`${id}-belt`}
              defaultValue={mine?.beltRank ?? ""}
            >
              <option value="" disabled>
                Choose a belt rank
              </option>
              {product.beltRanks.map((rank) => (
                <option key={rank}>{rank}</option>
              ))}
            </SelectField>
          ) : null}
          {product.colors ? (
            <SelectField
              label="Colour"
              name="color"
              required
              id={`${id}-colour`}
              defaultValue={mine?.color ?? ""}
            >
              <option value="" disabled>
                Choose a colour
              </option>
              {product.colors.map((color) => (
                <option key={color}>{color}</option>
              ))}
            </SelectField>
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
        <Button type="submit" aria-label={`Order ${product.name} (${product.optionType})`}>
          Order
        </Button>
      </form>
    </section>
  );
}
