import type { OwnerProduct } from "./products.server";
import { poundsToPence } from "./product-input";
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

type Read = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

export function readProductForm(form: FormData, creating: boolean): Read {
  const get = (name: string) => String(form.get(name) ?? "");
  const problems: string[] = [];
  const price = (name: string, label: string) => {
    const value = poundsToPence(get(name));
    if (value === null) {
      problems.push(`${label}: "${get(name)}" is not a price in pounds, like 34.99.`);
      return undefined;
    }
    return value;
  };
  const options: { position: number; option: Record<string, unknown> }[] = [];
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
    if (!chart.ok) problems.push(`${label}: ${chart.message}`);
    options.push({
      position: Number(get(`option-${n}-position`)) || n + 1,
      option: {
        type,
        pricePence: price(`option-${n}-price`, `${label} price`) ?? Number.NaN,
        compareAtPricePence: price(`option-${n}-compareAt`, `${label} compare-at price`) ?? null,
        sizes: lines(form.get(`option-${n}-sizes`)),
        customPricePence: price(`option-${n}-customPrice`, `${label} name price`) ?? null,
        customizable: form.get(`option-${n}-customizable`) === "on",
        beltRanks: belts.length ? belts : null,
        colors: colors.length ? colors : null,
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
    options: options.map((o) => o.option),
  };
  const headline = price("price", "Price");
  if (headline !== undefined) body.pricePence = headline;
  body.compareAtPricePence = price("compareAt", "Compare-at price") ?? null;
  if (creating) body.id = get("id").trim();
  else body.version = Number(get("version"));
  if (problems.length) return { ok: false, error: problems[0]! };
  return { ok: true, body };
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
    version: 0,
  };
}
