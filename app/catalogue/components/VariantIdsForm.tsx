import { Form } from "react-router";
import { Button } from "~/ui/Button";
import { ErrorSummary, errorOf, fieldErrorsOf, fieldId } from "~/ui/forms";

/** The product page's form of its variants' identifiers (X-FIND-1). */
export const VARIANT_IDS_FORM = "variant-ids";
export const VARIANT_IDS_INTENT = "variant-ids";

export interface OwnerVariantRow {
  optionType: string;
  size: string;
  color: string;
  sku: string;
  ownSku: boolean;
  gtin: string | null;
  mpn: string | null;
}

export const variantField = (index: number, field: string) => `v-${index}-${field}`;

/**
 * Each variant's SKU, GTIN and MPN, as Google's listings and the feed send them: the SKU starts as
 * the shop's own (from the names) and the owner may set theirs; GTIN and MPN are optional.
 */
export function VariantIdsForm({
  variants,
  answer,
}: {
  variants: readonly OwnerVariantRow[];
  /** The action's answer when it was this form's. */
  answer: unknown;
}) {
  const errors = fieldErrorsOf(answer);
  const cell = (index: number, field: "sku" | "gtin" | "mpn", label: string, value: string) => {
    const name = variantField(index, field);
    const id = fieldId(VARIANT_IDS_FORM, name);
    const error = errors[name];
    return (
      <td className="py-1 pr-2 align-top">
        <input
          id={id}
          name={name}
          defaultValue={value}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-28 rounded border border-ink/30 px-2 py-1.5 font-mono text-sm"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-accent">
            {error}
          </p>
        ) : null}
      </td>
    );
  };
  return (
    <section
      aria-labelledby="variant-ids-title"
      className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
    >
      <h2 id="variant-ids-title" className="font-display text-xl font-bold uppercase">
        Variants for Google
      </h2>
      <p>
        Each size, colour and option is one variant in Google&apos;s listings and the product feed.
        The SKU is the shop&apos;s own until you type yours; a GTIN is the barcode&apos;s number (8,
        12, 13 or 14 digits), an MPN the maker&apos;s part number. Both are optional.
      </p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value={VARIANT_IDS_INTENT} />
        <input type="hidden" name="variantCount" value={variants.length} />
        <ErrorSummary
          form={VARIANT_IDS_FORM}
          message={errorOf(answer)}
          errors={errors}
          answer={answer}
        />
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Variant
                </th>
                <th scope="col" className="py-1 pr-2">
                  SKU
                </th>
                <th scope="col" className="py-1 pr-2">
                  GTIN
                </th>
                <th scope="col" className="py-1 pr-2">
                  MPN
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant, index) => {
                const name = [variant.optionType, variant.size, variant.color]
                  .filter((part) => part && part !== "N/A")
                  .join(", ");
                return (
                  <tr key={name || "standard"} className="border-t border-black/10">
                    <th scope="row" className="py-1 pr-2 align-top font-normal">
                      {name || "The product"}
                      <input
                        type="hidden"
                        name={variantField(index, "option")}
                        value={variant.optionType}
                      />
                      <input
                        type="hidden"
                        name={variantField(index, "size")}
                        value={variant.size}
                      />
                      <input
                        type="hidden"
                        name={variantField(index, "color")}
                        value={variant.color}
                      />
                    </th>
                    {cell(index, "sku", `SKU of ${name || "the product"}`, variant.sku)}
                    {cell(index, "gtin", `GTIN of ${name || "the product"}`, variant.gtin ?? "")}
                    {cell(index, "mpn", `MPN of ${name || "the product"}`, variant.mpn ?? "")}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Button name="intent" value={VARIANT_IDS_INTENT}>
          Save the identifiers
        </Button>
      </Form>
    </section>
  );
}
