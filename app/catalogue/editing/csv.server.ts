import { parse } from "csv-parse/sync";
import { createHash } from "node:crypto";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { productOptions, products } from "~/catalogue/schema";
import { recordAudit } from "~/security/audit.server";
import { BYTE_ORDER_MARK, csvRow } from "~/shared/csv";
import { catalogueChanged, productFromRows } from "../store.server";
import type { Product, ProductOption } from "../types";
import {
  type CreateInput,
  createSchema,
  type OptionInput,
  penceToPounds,
  poundsToPence,
} from "./product-input";
import { createParsedProduct, updateProduct } from "./products.server";
import {
  type ImportPlan,
  IMPORT_STALE,
  type OptionChange,
  type ProductChange,
  type FieldChange,
} from "./import-plan";
import { IMPORT_ERRORS_MAX, IMPORT_ROWS_MAX } from "~/shared/limits";
import { type Problem, problem } from "~/shared/problems";

/**
 * The catalogue as a spreadsheet (X-CAT-4): one row per option, prices in pounds, lists joined
 * by "|". A product without options is one row with an empty option. Import is all or nothing.
 */
export const CSV_COLUMNS = [
  "id",
  "name",
  "category",
  "status",
  "option",
  "price",
  "compare_at_price",
  "sizes",
  "custom_price",
  "belt_ranks",
  "colors",
  "description",
  // X-VAT-1: a file without these two columns (one exported before them) leaves them as stored.
  "vat_rate",
  "standard_rated_sizes",
] as const;
type Column = (typeof CSV_COLUMNS)[number];
/** The columns a file must name: all but the VAT ones, which came later (X-VAT-1). */
const REQUIRED_COLUMNS = CSV_COLUMNS.filter(
  (column) => column !== "vat_rate" && column !== "standard_rated_sizes",
);

const pounds = penceToPounds;
const joined = (items: readonly string[] | undefined) => (items ? items.join("|") : "");

/** Every product but bundles (their price follows their items), in the shop's order. */
async function exportable(db: Pick<Database, "select">): Promise<Product[]> {
  const rows = await db.select().from(products).orderBy(asc(products.position), asc(products.id));
  const options = await db
    .select()
    .from(productOptions)
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  return rows
    .filter((row) => !row.bundle)
    .map((row) =>
      productFromRows(
        row,
        options.filter((o) => o.productId === row.id),
      ),
    );
}

/** GET /admin/products/export.csv: the catalogue, one row per option. */
export async function exportCatalogueCsv(db: Database): Promise<string> {
  const lines = [CSV_COLUMNS.join(",")];
  for (const p of await exportable(db)) {
    const base = [p.id, p.name, p.category, p.status];
    if (p.options.length === 0) {
      lines.push(
        csvRow([
          ...base,
          "",
          pounds(p.pricePence),
          pounds(p.originalPricePence),
          "",
          "",
          "",
          "",
          p.description,
          p.vatRate,
          "",
        ]),
      );
    }
    for (const o of p.options) {
      lines.push(
        csvRow([
          ...base,
          o.type,
          pounds(o.pricePence),
          pounds(o.compareAtPricePence),
          joined(o.sizes),
          pounds(o.customPricePence),
          joined(o.beltRanks),
          joined(o.colors),
          p.description,
          p.vatRate,
          joined(o.standardRatedSizes),
        ]),
      );
    }
  }
  return `${BYTE_ORDER_MARK}${lines.join("\r\n")}\r\n`;
}

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** A file not imported: its bad rows and columns ("unreadable"), or a catalogue changed meanwhile ("conflict"). */
export type ImportProblem = Problem & { errors: ImportError[] };
/** A preview applied after the catalogue changed: nothing changed, and the new plan. */
export type ImportStale = Problem & { kind: "conflict"; stale: true; plan: ImportPlan };

export type ImportResult = { ok: true; created: number; updated: number } | ImportProblem;

const NOT_IMPORTED = "The file was not imported.";

/** A file that names bad rows and columns: nothing is changed. */
const unreadable = (errors: ImportError[]): ImportProblem => ({
  ...problem("unreadable", NOT_IMPORTED),
  errors,
});
const stale = (plan: ImportPlan): ImportStale => ({
  ...problem("conflict", IMPORT_STALE),
  kind: "conflict",
  stale: true,
  plan,
});

const pence = poundsToPence;
const list = (cell: string) =>
  cell
    .split("|")
    .map((item) => item.trim())
    .filter(Boolean);

const FIELD_COLUMN: Record<string, Column> = {
  id: "id",
  name: "name",
  category: "category",
  status: "status",
  description: "description",
  type: "option",
  pricePence: "price",
  compareAtPricePence: "compare_at_price",
  sizes: "sizes",
  customPricePence: "custom_price",
  beltRanks: "belt_ranks",
  colors: "colors",
  vatRate: "vat_rate",
  standardRatedSizes: "standard_rated_sizes",
};

interface Group {
  id: string;
  rows: { line: number; cells: Record<Column, string> }[];
}

/**
 * Reads a catalogue file into products as the owner's create would take them, or names every bad
 * row and column (at most 50). Changes nothing.
 */
async function readCatalogueFile(
  db: Pick<Database, "select">,
  csv: string,
): Promise<
  | { ok: true; inputs: CreateInput[]; lines: Map<string, number>; vatUnstated: Set<string> }
  | ImportProblem
> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return unreadable([
      { row: line, column: "", message: "This line is not valid CSV (check its quotes)." },
    ]);
  }
  const [header, ...body] = records;
  const missing = REQUIRED_COLUMNS.filter((c) => !header?.map((h) => h.trim()).includes(c));
  if (!header || missing.length) {
    return unreadable([
      {
        row: 1,
        column: missing.join(", "),
        message: `The first row must name the columns ${REQUIRED_COLUMNS.join(", ")}.`,
      },
    ]);
  }
  if (body.length === 0) {
    return unreadable([{ row: 2, column: "", message: "The file has no products." }]);
  }
  if (body.length > IMPORT_ROWS_MAX) {
    return unreadable([
      {
        row: IMPORT_ROWS_MAX + 2,
        column: "",
        message: `A file can hold at most ${IMPORT_ROWS_MAX} rows.`,
      },
    ]);
  }
  const index = Object.fromEntries(header.map((h, i) => [h.trim(), i]));
  const errors: ImportError[] = [];
  const fail = (row: number, column: string, message: string) => {
    if (!errors.some((e) => e.row === row && e.column === column))
      errors.push({ row, column, message });
  };
  const groups = new Map<string, Group>();
  const sizesColumn = index.standard_rated_sizes !== undefined;
  const vatUnstated = new Set<string>();
  body.forEach((record, i) => {
    const line = i + 2; // The header is row 1, as a spreadsheet numbers it.
    const cells = Object.fromEntries(
      CSV_COLUMNS.map((c) => [c, record[index[c]!] ?? ""]),
    ) as Record<Column, string>;
    const id = cells.id.trim();
    const group = groups.get(id) ?? { id, rows: [] };
    group.rows.push({ line, cells });
    groups.set(id, group);
  });

  const inputs: { input: CreateInput; firstLine: number }[] = [];
  for (const group of groups.values()) {
    const [first] = group.rows;
    for (const row of group.rows.slice(1)) {
      for (const column of ["name", "category", "status", "description", "vat_rate"] as const) {
        if (row.cells[column] !== first!.cells[column]) {
          fail(row.line, column, `Every row of ${group.id} must have the same ${column}.`);
        }
      }
    }
    const optionRows = group.rows.filter((row) => row.cells.option.trim());
    if (optionRows.length && optionRows.length !== group.rows.length) {
      fail(
        group.rows.find((r) => !r.cells.option.trim())!.line,
        "option",
        "A product with options needs an option on every row.",
      );
    }
    if (!optionRows.length && group.rows.length > 1) {
      fail(group.rows[1]!.line, "option", "A product without options has one row.");
    }
    const priceOf = (
      row: Group["rows"][number],
      column: "price" | "compare_at_price" | "custom_price",
    ) => {
      const value = pence(row.cells[column]);
      if (value === null)
        fail(row.line, column, `${row.cells[column]} is not a price in pounds, like 34.99.`);
      return value ?? undefined;
    };
    const headline = optionRows.length ? undefined : priceOf(first!, "price");
    const raw = {
      id: group.id,
      name: first!.cells.name,
      category: first!.cells.category.trim(),
      status: first!.cells.status.trim() || "draft",
      description: first!.cells.description,
      pricePence: headline ?? (optionRows.length ? undefined : Number.NaN),
      compareAtPricePence: optionRows.length ? undefined : priceOf(first!, "compare_at_price"),
      options: optionRows.map((row) => ({
        type: row.cells.option.trim(),
        pricePence: priceOf(row, "price") ?? Number.NaN,
        compareAtPricePence: priceOf(row, "compare_at_price"),
        sizes: list(row.cells.sizes),
        customPricePence: priceOf(row, "custom_price"),
        beltRanks: row.cells.belt_ranks.trim() ? list(row.cells.belt_ranks) : undefined,
        colors: row.cells.colors.trim() ? list(row.cells.colors) : undefined,
        // Absent column: kept as stored (completed below); present and empty: none.
        standardRatedSizes: sizesColumn ? list(row.cells.standard_rated_sizes) : undefined,
      })),
      vatRate: first!.cells.vat_rate.trim() || undefined,
    };
    if (!raw.vatRate) vatUnstated.add(group.id);
    const parsed = createSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, optionIndex, optionField] = issue.path;
        const row =
          field === "options" && typeof optionIndex === "number" ? optionRows[optionIndex] : first;
        const key =
          field === "options" && typeof optionField === "string"
            ? optionField
            : String(field ?? "");
        fail(row?.line ?? first!.line, FIELD_COLUMN[key] ?? key, issue.message);
      }
      continue;
    }
    if (
      parsed.data.compareAtPricePence != null &&
      parsed.data.pricePence !== undefined &&
      parsed.data.compareAtPricePence <= parsed.data.pricePence
    ) {
      fail(first!.line, "compare_at_price", "A compare-at price must be higher than the price.");
    }
    inputs.push({ input: parsed.data, firstLine: first!.line });
  }

  // Bundles are not edited by file: their price follows their items.
  if (inputs.length) {
    const bundles = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          inArray(
            products.id,
            inputs.map((i) => i.input.id),
          ),
          sql`${products.bundle} IS NOT NULL`,
        ),
      );
    for (const bundle of bundles) {
      fail(
        inputs.find((i) => i.input.id === bundle.id)!.firstLine,
        "id",
        `${bundle.id} is a bundle: its price follows its items.`,
      );
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    return unreadable(errors.slice(0, IMPORT_ERRORS_MAX));
  }
  return {
    ok: true,
    inputs: inputs.map((i) => i.input),
    lines: new Map(inputs.map((i) => [i.input.id, i.firstLine])),
    vatUnstated,
  };
}

/**
 * X-VAT-1: what a file leaves out of the VAT columns (an older file, an empty vat_rate) is kept
 * as stored, so importing a file exported before them changes no product's rate.
 */
function completed(
  inputs: readonly CreateInput[],
  stored: Map<string, Product>,
  vatUnstated: Set<string>,
): CreateInput[] {
  return inputs.map((input) => {
    const before = stored.get(input.id);
    return {
      ...input,
      vatRate: vatUnstated.has(input.id) ? (before?.vatRate ?? "standard") : input.vatRate,
      options: input.options.map((option) =>
        option.standardRatedSizes === undefined
          ? {
              ...option,
              standardRatedSizes: [
                ...(before?.options.find((o) => o.type === option.type)?.standardRatedSizes ?? []),
              ],
            }
          : option,
      ),
    };
  });
}

const OPTION_CELLS = {
  price: (o: ProductOption | OptionInput | undefined) => pounds(o?.pricePence),
  compare_at_price: (o: ProductOption | OptionInput | undefined) => pounds(o?.compareAtPricePence),
  sizes: (o: ProductOption | OptionInput | undefined) => joined(o?.sizes),
  custom_price: (o: ProductOption | OptionInput | undefined) => pounds(o?.customPricePence),
  belt_ranks: (o: ProductOption | OptionInput | undefined) => joined(o?.beltRanks ?? undefined),
  colors: (o: ProductOption | OptionInput | undefined) => joined(o?.colors ?? undefined),
  standard_rated_sizes: (o: ProductOption | OptionInput | undefined) =>
    joined(o?.standardRatedSizes ?? undefined),
};

function differences(pairs: [string, string, string][]): FieldChange[] {
  return pairs
    .filter(([, before, after]) => before !== after)
    .map(([field, before, after]) => ({ field, before, after }));
}

/** The change one product's rows make to what is stored (undefined: none). */
function productChange(input: CreateInput, before: Product | undefined): ProductChange | undefined {
  const withoutOptions = input.options.length === 0;
  const changes = differences([
    ["name", before?.name ?? "", input.name],
    ["category", before?.category ?? "", input.category],
    ["status", before?.status ?? "", input.status],
    ["description", before?.description ?? "", input.description],
    ["vat_rate", before?.vatRate ?? "", input.vatRate],
    ...(withoutOptions
      ? ([
          ["price", pounds(before?.pricePence), pounds(input.pricePence)],
          [
            "compare_at_price",
            pounds(before?.originalPricePence),
            pounds(input.compareAtPricePence),
          ],
        ] as [string, string, string][])
      : []),
  ]);
  const stored = before?.options ?? [];
  const options: OptionChange[] = [];
  input.options.forEach((option, i) => {
    const was = stored.find((o) => o.type === option.type);
    const position = stored.indexOf(was!) + 1;
    const fields = differences([
      ...(was && position !== i + 1
        ? ([["position", String(position), String(i + 1)]] as [string, string, string][])
        : []),
      ...Object.entries(OPTION_CELLS).map(
        ([field, cell]) => [field, cell(was), cell(option)] as [string, string, string],
      ),
    ]);
    if (!was) options.push({ type: option.type, action: "create", changes: fields });
    else if (fields.length) options.push({ type: option.type, action: "change", changes: fields });
  });
  for (const was of stored) {
    if (!input.options.some((o) => o.type === was.type)) {
      options.push({ type: was.type, action: "remove", changes: [] });
    }
  }
  if (before && changes.length === 0 && options.length === 0) return undefined;
  return { id: input.id, name: input.name, action: before ? "change" : "create", changes, options };
}

async function storedProducts(
  db: Pick<Database, "select">,
  ids: string[],
): Promise<Map<string, Product & { version: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const options = await db
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, ids))
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...productFromRows(
          row,
          options.filter((o) => o.productId === row.id),
        ),
        version: row.version,
      },
    ]),
  );
}

function planOf(inputs: readonly CreateInput[], stored: Map<string, Product>): ImportPlan {
  const changes = inputs.flatMap((input) => productChange(input, stored.get(input.id)) ?? []);
  const digest = createHash("sha256").update(JSON.stringify(changes)).digest("hex");
  return { changes, unchanged: inputs.length - changes.length, digest };
}

export type PlanResult = { ok: true; plan: ImportPlan } | ImportProblem;

/** The preview of a file (X-TRUE-4): nothing is changed. */
export async function planCatalogueCsv(db: Database, csv: string): Promise<PlanResult> {
  const read = await readCatalogueFile(db, csv);
  if (!read.ok) return read;
  const stored = await storedProducts(
    db,
    read.inputs.map((i) => i.id),
  );
  return { ok: true, plan: planOf(completed(read.inputs, stored, read.vatUnstated), stored) };
}

class StaleImport extends Error {}

/**
 * Applies a file in one transaction (X-CAT-4, X-TRUE-4): the products it names are locked, the plan
 * is made again from what is stored now, and when `digest` is given it must be the preview's
 * (else nothing changes and the new plan is returned). Each product is created or updated
 * through the catalogue's own create and update (their rules, audit and the catalogue's
 * revision); products the file leaves as they are are not touched and not counted.
 */
export async function applyCatalogueCsv(
  db: Database,
  csv: string,
  actor: string,
  digest: string | undefined,
  now: Date,
): Promise<ImportResult | ImportStale> {
  const read = await readCatalogueFile(db, csv);
  if (!read.ok) return read;
  const ids = read.inputs.map((i) => i.id);
  try {
    return await db.transaction(async (tx) => {
      if (ids.length) {
        await tx
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, ids))
          .for("update");
      }
      const stored = await storedProducts(tx, ids);
      const inputs = completed(read.inputs, stored, read.vatUnstated);
      const plan = planOf(inputs, stored);
      if (digest !== undefined && digest !== plan.digest) {
        return stale(plan);
      }
      const byId = new Map(inputs.map((input) => [input.id, input]));
      let created = 0;
      let updated = 0;
      for (const change of plan.changes) {
        const input = byId.get(change.id)!;
        const before = stored.get(change.id);
        const done = before
          ? await updateProduct(tx, change.id, updateBody(input, before), actor, now)
          : await createParsedProduct(tx, input, actor, now);
        if (!done.ok) {
          if (done.kind === "conflict" || done.kind === "already_exists") throw new StaleImport();
          throw new ImportRefused(change.id, done.message);
        }
        if (before) updated += 1;
        else created += 1;
      }
      if (plan.changes.length) {
        await recordAudit(tx, {
          actor,
          action: "products.import",
          subject: null,
          before: null,
          after: { created, updated, ids: plan.changes.map((c) => c.id) },
        });
        await catalogueChanged(tx, db);
      }
      return { ok: true as const, created, updated };
    });
  } catch (error) {
    if (error instanceof StaleImport) {
      const again = await planCatalogueCsv(db, csv);
      if (again.ok) return stale(again.plan);
      return again;
    }
    if (error instanceof ImportRefused) {
      const line = read.lines.get(error.id) ?? 2;
      return unreadable([{ row: line, column: "", message: error.message }]);
    }
    throw error;
  }
}

class ImportRefused extends Error {
  constructor(
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

/** The owner's update of one product from its rows: what the file does not carry is kept. */
function updateBody(input: CreateInput, before: Product & { version: number }) {
  const common = {
    version: before.version,
    name: input.name,
    category: input.category,
    status: input.status,
    description: input.description,
    vatRate: input.vatRate,
  };
  if (input.options.length === 0) {
    return {
      ...common,
      pricePence: input.pricePence,
      compareAtPricePence: input.compareAtPricePence ?? null,
      options: [],
    };
  }
  return {
    ...common,
    options: input.options.map((o) => ({
      ...o,
      // Custom text where a price for a name is given, or where the option took it before.
      customizable:
        Boolean(o.customPricePence) ||
        Boolean(before.options.find((b) => b.type === o.type)?.customizable),
    })),
  };
}

/**
 * POST /api/admin/products/import (text/csv): creates and updates products from the file in one
 * transaction, or changes nothing and names every bad row and column (at most 50). The counts
 * are of products really created and changed.
 */
export async function importCatalogueCsv(
  db: Database,
  csv: string,
  actor: string,
  now: Date,
): Promise<ImportResult> {
  const result = await applyCatalogueCsv(db, csv, actor, undefined, now);
  if (!result.ok && "stale" in result) {
    return {
      ...problem("conflict", IMPORT_STALE),
      errors: [{ row: 1, column: "", message: IMPORT_STALE }],
    };
  }
  return result;
}
