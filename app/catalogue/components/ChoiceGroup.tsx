import { GARMENT_COLOURS } from "~/catalogue/art/palette";
const SWATCHES: Record<string, string> = {
  White: "var(--color-belt-white)",
  Blue: "var(--color-belt-blue)",
  Purple: "var(--color-belt-purple)",
  Brown: "var(--color-belt-brown)",
  Black: "var(--color-belt-black)",
  Grey: "var(--color-belt-grey)",
  Yellow: "var(--color-belt-yellow)",
  Orange: "var(--color-belt-orange)",
  Green: "var(--color-belt-green)",
  Red: "var(--color-accent)",
};

/** A belt's colour from the belt tokens, else a garment's from the one list of garment colours. */
const swatchOf = (name: string | undefined) =>
  name ? (SWATCHES[name] ?? GARMENT_COLOURS[name]) : undefined;

/** A belt or colour swatch: "Grey/White" is grey with a white bar, as kids' belts are. */
function Swatch({ value }: { value: string }) {
  const [base, bar] = value.split("/");
  const baseColour = swatchOf(base);
  if (!baseColour) return null;
  return (
    <span
      aria-hidden="true"
      className="relative inline-block h-3 w-5 overflow-hidden rounded-sm ring-1 ring-ink/30"
      style={{ background: baseColour }}
    >
      {swatchOf(bar) ? (
        <span className="absolute inset-x-0 top-1/3 h-1/3" style={{ background: swatchOf(bar) }} />
      ) : null}
    </span>
  );
}

/**
 * A set of radio buttons shown as pills: native radios, so arrow keys and labels just work, and
 * `name` is the form field they send (one group of a name per form).
 */
export function ChoiceGroup({
  legend,
  name,
  values,
  selected,
  onChange,
  swatches = false,
  invalid = false,
  soldOut,
}: {
  legend: string;
  name: string;
  values: readonly string[];
  selected: string;
  onChange: (value: string) => void;
  swatches?: boolean;
  invalid?: boolean;
  /** Values that cannot be chosen now: shown as "Sold out", disabled, still read out (X-STK-2). */
  soldOut?: ReadonlySet<string>;
}) {
  return (
    <fieldset aria-invalid={invalid || undefined}>
      <legend className="mb-2 text-sm font-semibold">
        {legend}
        {selected ? <span className="font-normal text-muted">: {selected}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => {
          const unavailable = soldOut?.has(value) ?? false;
          return (
            <label
              key={value}
              className={`flex min-h-11 min-w-11 items-center justify-center gap-2 rounded border px-3 text-sm font-medium has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
                unavailable
                  ? "cursor-not-allowed border-dashed border-ink/30 bg-stone/60 text-muted"
                  : // Marked by the checked radio itself, so a choice shows before (and without)
                    // the page's script (issue 25).
                    "cursor-pointer border-ink/25 bg-white hover:border-ink has-checked:border-ink has-checked:bg-ink has-checked:text-paper"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={selected === value}
                disabled={unavailable}
                onChange={() => onChange(value)}
                className="sr-only"
              />
              {swatches ? <Swatch value={value} /> : null}
              <span className={unavailable ? "line-through" : undefined}>{value}</span>
              {unavailable ? <span className="text-xs font-semibold">Sold out</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
