import type { OwnerProduct } from "./products.server";
import { createSchema, poundsToPence, updateSchema, withoutReadOnly } from "./product-input";
import { parseChartText } from "../fit";

/**
 * The owner's product page as a plain form (works without JavaScript): the fields by name, an
 * option per numbered group (`option-N-…`), lists one item per line, prices in pounds. Read into
 * the JSON the API takes, so one set of rules checks both (./product-input.ts).
 */

/** Options a form shows: the product's, and this many empty ones to add. */
export const NEW_OPTION_SLOTS = 1;

const lines = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A form's wrong fields: the field's name in the form → its sentence (ui/forms.tsx). */
export type ProductFieldErrors = Record<string, string>;

type Read =
  | {
      ok: true;
      body: Record<string, unknown>;
      /** For each option of the body, in its order, the form's group it came from (`option-N-`). */
      slots: number[];
    }
  | { ok: false; error: string; fieldErrors: ProductFieldErrors };

/** The form's own id (ui/forms.tsx fieldId): its fields are `product-<name>`. */
export const PRODUCT_FORM = "product";

/** The product's fields in the order the form shows them, `slots` option groups included. */
export function productFieldOrder(slots: number): string[] {
  const top = ["id", "name", "status", "category", "audience", "kind", "design", "description"];
  const rest = ["highlights", "price", "compareAt", "vatRate", "seoTitle", "seoDescription"];
  const option = [
    "type",
    "price",
    "compareAt",
    "position",
    "sizes",
    "beltRanks",
    "colors",
    "standardRatedSizes",
    "fit",
    "shrink",
    "customPrice",
  ];
  return [
    ...top,
    ...rest,
    ...Array.from({ length: slots }, (_, n) => option.map((name) => `option-${n}-${name}`)).flat(),
  ];
}

export function readProductForm(form: FormData, creating: boolean): Read {
  const get = (name: string) => String(form.get(name) ?? "");
  const problems: string[] = [];
  const fieldErrors: ProductFieldErrors = {};
  const wrong = (name: string, sentence: string) => {
    problems.push(sentence);
    fieldErrors[name] ??= sentence;
  };
  const price = (name: string, label: string) => {
    const value = poundsToPence(get(name));
    if (value === null) {
      wrong(name, `${label}: "${get(name)}" is not a price in pounds, like 34.99.`);
      return undefined;
    }
    return value;
  };
  const options: { position: number; slot: number; option: Record<string, unknown> }[] = [];
  const count = Number(get("optionCount")) || 0;
  for (let n = 0; n < count; n += 1) {
    const type = get(`option-${n}-type`).trim();
    if (!type || form.get(`option-${n}-remove`)) continue;
    const label = `Option ${type}`;
    const belts = lines(form.get(`option-${n}-beltRanks`));
    const colors = lines(form.get(`option-${n}-colors`));
    // X-FIT-1: the size finder's chart, a line per size, and "shrinks about N%".
    const shrinkText = get(`option-${n}-shrink`).trim().replace(/%$/, "");
    const shrink = shrinkText ? Number(shrinkText) : undefined;
    const chart = parseChartText(get(`option-${n}-fit`), shrink);
    if (!chart.ok) wrong(`option-${n}-fit`, `${label}: ${chart.message}`);
    options.push({
      position: Number(get(`option-${n}-position`)) || n + 1,
      slot: n,
      option: {
        type,
        pricePence: price(`option-${n}-price`, `${label} price`) ?? Number.NaN,
        compareAtPricePence: price(`option-${n}-compareAt`, `${label} compare-at price`) ?? null,
        sizes: lines(form.get(`option-${n}-sizes`)),
        customPricePence: price(`option-${n}-customPrice`, `${label} name price`) ?? null,
        customizable: form.get(`option-${n}-customizable`) === "on",
        beltRanks: belts.length ? belts : null,
        colors: colors.length ? colors : null,
        standardRatedSizes: lines(form.get(`option-${n}-standardRatedSizes`)),
        fit: chart.ok ? chart.chart : null,
      },
    });
  }
  options.sort((a, b) => a.position - b.position);
  const body: Record<string, unknown> = {
    name: get("name"),
    status: get("status"),
    category: get("category"),
    audience: get("audience") || null,
    description: get("description"),
    highlights: lines(form.get("highlights")),
    kind: get("kind"),
    design: get("design"),
    seoTitle: get("seoTitle") || null,
    seoDescription: get("seoDescription") || null,
    vatRate: get("vatRate") || "standard",
    options: options.map((o) => o.option),
  };
  const headline = price("price", "Price");
  if (headline !== undefined) body.pricePence = headline;
  body.compareAtPricePence = price("compareAt", "Compare-at price") ?? null;
  if (creating) body.id = get("id").trim();
  else body.version = Number(get("version"));
  const slots = options.map((o) => o.slot);
  if (problems.length) {
    // Every wrong field at once (issue 56, X-A11Y-10): the product's rules name the rest (a
    // blank name, a blank description), each field keeping the form's own sentence first.
    for (const [name, sentence] of Object.entries(productFieldErrors(body, slots, creating))) {
      fieldErrors[name] ??= sentence;
    }
    // The refusal's sentence is the first wrong field's on the page.
    const first = productFieldOrder(count).find((name) => fieldErrors[name]);
    return { ok: false, error: first ? fieldErrors[first]! : problems[0]!, fieldErrors };
  }
  return { ok: true, body, slots };
}

/** The form's name of a body field (prices are written in pounds under shorter names). */
const FORM_NAMES: Record<string, string> = {
  pricePence: "price",
  compareAtPricePence: "compareAt",
  customPricePence: "customPrice",
};

/**
 * Which of the form's fields a refused body names (X-A11Y-2): the product's rules checked again
 * (./product-input.ts, the same ones the save used) and each problem put by its field, an option's
 * by the form group it came from. The sentences are the save's own, so the first is the refusal's.
 */
export function productFieldErrors(
  body: Record<string, unknown>,
  slots: readonly number[],
  creating: boolean,
): ProductFieldErrors {
  const parsed = creating
    ? createSchema.safeParse(body)
    : updateSchema.safeParse(withoutReadOnly(body));
  if (parsed.success) return {};
  const errors: ProductFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index, inner] = issue.path;
    if (typeof field !== "string") continue;
    let name: string;
    let sentence = issue.message;
    if (field === "options" && typeof index === "number" && slots[index] !== undefined) {
      // A problem of the whole option (its compare-at price against its price) is the former's.
      const part = typeof inner === "string" ? (FORM_NAMES[inner] ?? inner) : "compareAt";
      name = `option-${slots[index]}-${part}`;
      sentence = `Option ${index + 1}: ${issue.message}`;
    } else if (field === "options") {
      // A problem of the list (two options of one type) is said by the first option's type.
      name = `option-${slots[0] ?? 0}-type`;
    } else if (field === "version") {
      continue;
    } else {
      name = FORM_NAMES[field] ?? field;
    }
    errors[name] ??= sentence;
  }
  return errors;
}

/** A blank product for /admin/products/new. */
export function blankProduct(): Omit<OwnerProduct, "version" | "updatedAt"> & {
  version: number;
} {
  return {
    id: "",
    name: "",
    status: "draft",
    group: null,
    category: "NO-GI",
    kind: "no-gi-set",
    design: "grip-truth",
    pricePence: 0,
    description: "",
    highlights: [],
    images: [],
    options: [],
    vatRate: "standard",
    version: 0,
  };
}
