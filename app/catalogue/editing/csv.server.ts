import { recordPriceChanges } from "./price-history.server";
import { parse } from "csv-parse/sync";
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { productOptions, products } from "~/db/schema";
import { recordAudit } from "~/security/audit.server";
import { csvRow } from "~/shared/csv";
import { catalogueChanged, productFromRows } from "../store.server";
import type { Product } from "../types";
import { type CreateInput, createSchema, defaultKind, poundsToPence } from "./product-input";
import { IMPORT_ERRORS_MAX, IMPORT_ROWS_MAX } from "~/shared/limits";

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
] as const;
type Column = (typeof CSV_COLUMNS)[number];

const pounds = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? "" : (pence / 100).toFixed(2);
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
        ]),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export type ImportResult =
  | { ok: true; created: number; updated: number }
  | { ok: false; status: 400 | 422; errors: ImportError[] };

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
};

interface Group {
  id: string;
  rows: { line: number; cells: Record<Column, string> }[];
}

/**
 * POST /api/admin/products/import (text/csv): creates and updates products from the file in one
 * transaction, or changes nothing and names every bad row and column (at most 50).
 */
export async function importCatalogueCsv(
  db: Database,
  csv: string,
  actor: string,
): Promise<ImportResult> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      ok: false,
      status: 422,
      errors: [
        { row: line, column: "", message: "This line is not valid CSV (check its quotes)." },
      ],
    };
  }
  const [header, ...body] = records;
  const missing = CSV_COLUMNS.filter((c) => !header?.map((h) => h.trim()).includes(c));
  if (!header || missing.length) {
    return {
      ok: false,
      status: 422,
      errors: [
        {
          row: 1,
          column: missing.join(", "),
          message: `The first row must name the columns ${CSV_COLUMNS.join(", ")}.`,
        },
      ],
    };
  }
  if (body.length === 0) {
    return {
      ok: false,
      status: 422,
      errors: [{ row: 2, column: "", message: "The file has no products." }],
    };
  }
  if (body.length > IMPORT_ROWS_MAX) {
    return {
      ok: false,
      status: 422,
      errors: [
        {
          row: IMPORT_ROWS_MAX + 2,
          column: "",
          message: `A file can hold at most ${IMPORT_ROWS_MAX} rows.`,
        },
      ],
    };
  }
  const index = Object.fromEntries(header.map((h, i) => [h.trim(), i]));
  const errors: ImportError[] = [];
  const fail = (row: number, column: string, message: string) => {
    if (!errors.some((e) => e.row === row && e.column === column))
      errors.push({ row, column, message });
  };
  const groups = new Map<string, Group>();
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
      for (const column of ["name", "category", "status", "description"] as const) {
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
      })),
    };
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
    return { ok: false, status: 422, errors: errors.slice(0, IMPORT_ERRORS_MAX) };
  }

  return db.transaction(async (tx) => {
    const existing = new Map(
      (
        await tx
          .select()
          .from(products)
          .where(
            inArray(
              products.id,
              inputs.map((i) => i.input.id),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(products.position) })
      .from(products);
    let position = last ?? 0;
    let created = 0;
    let updated = 0;
    for (const { input } of inputs) {
      const before = existing.get(input.id);
      const options = input.options;
      const common = {
        name: input.name,
        category: input.category,
        status: input.status,
        description: input.description,
      };
      // A product with options keeps its headline price (the CSV carries the options' own);
      // a new one starts at its lowest option price.
      const lowest = options.length ? Math.min(...options.map((o) => o.pricePence)) : undefined;
      if (before) {
        await tx
          .update(products)
          .set({
            ...common,
            ...(options.length
              ? {}
              : {
                  pricePence: input.pricePence!,
                  compareAtPricePence: input.compareAtPricePence ?? null,
                }),
            version: sql`${products.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, input.id));
        updated += 1;
      } else {
        position += 1;
        await tx.insert(products).values({
          ...common,
          id: input.id,
          position,
          kind: defaultKind(input.category),
          design: "grip-truth",
          pricePence: input.pricePence ?? lowest!,
          compareAtPricePence: input.compareAtPricePence ?? null,
          images: [
            { view: "front", alt: `${input.name}, front view`, rotation: 0 },
            { view: "back", alt: `${input.name}, back view`, rotation: 0 },
          ],
        });
        created += 1;
      }
      // What the file does not carry is kept: whether an option takes the customer's own text.
      const customizable = new Set(
        (
          await tx
            .select({ type: productOptions.type })
            .from(productOptions)
            .where(
              and(eq(productOptions.productId, input.id), eq(productOptions.customizable, true)),
            )
        ).map((o) => o.type),
      );
      await tx.delete(productOptions).where(eq(productOptions.productId, input.id));
      if (options.length) {
        await tx.insert(productOptions).values(
          options.map((o, i) => ({
            productId: input.id,
            position: i + 1,
            type: o.type,
            pricePence: o.pricePence,
            compareAtPricePence: o.compareAtPricePence ?? null,
            sizes: o.sizes,
            // Custom text where a price for a name is given, or where the option took it before.
            customizable: Boolean(o.customPricePence) || customizable.has(o.type),
            customPricePence: o.customPricePence ?? null,
            beltRanks: o.beltRanks ?? null,
            colors: o.colors ?? null,
          })),
        );
      }
      // X-TRUE-1: the import's price changes are recorded like the editor's.
      await recordPriceChanges(tx, input.id, new Date());
    }
    await recordAudit(tx, {
      actor,
      action: "products.import",
      subject: null,
      before: null,
      after: { created, updated, ids: inputs.map((i) => i.input.id) },
    });
    await catalogueChanged(tx, db);
    return { ok: true as const, created, updated };
  });
}
