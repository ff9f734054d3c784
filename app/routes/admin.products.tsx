import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { ImportErrors, ImportPreview, type RowError } from "~/catalogue/components/ImportPreview";
import { applyCatalogueCsv, planCatalogueCsv } from "~/catalogue/editing/csv.server";
import type { ImportPlan } from "~/catalogue/editing/import-plan";
import { pageEndpoint, refuse, statusOf, success } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { requireOwner } from "~/owners/guard.server";
import { CATEGORY_LABELS } from "~/catalogue";
import { listOwnerProducts } from "~/catalogue/editing/products.server";
import { BAD_SEARCH, PRODUCT_CATEGORIES, STATUSES } from "~/catalogue/editing/product-input";
import { hasControlCharacters } from "~/shared/control-characters";
import { clockFrom, dbFrom } from "~/db/context.server";
import { formatPence } from "~/pricing/money";
import { Button, ButtonLink } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import type { Route } from "./+types/admin.products";

export const meta = () => [{ title: "Products | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const params = new URL(request.url).searchParams;
  if (hasControlCharacters(params.get("q") ?? "")) throw data(BAD_SEARCH, { status: 400 });
  const query = {
    status: params.get("status") ?? "",
    category: params.get("category") ?? "",
    q: params.get("q") ?? "",
    page: Number(params.get("page") ?? 1) || 1,
  };
  const imported = params.get("imported")
    ? {
        created: Number(params.get("created")) || 0,
        updated: Number(params.get("updated")) || 0,
      }
    : null;
  return { query, imported, ...(await listOwnerProducts(dbFrom(context), query)) };
}

const FILE_MISSING = "Choose the CSV file to preview.";

/**
 * The CSV import in two steps (X-TRUE-4): "Preview" reads the uploaded file and shows what it
 * would change; "Apply" carries the file and the preview's digest back and applies exactly that
 * in one transaction, or shows the new preview when the catalogue changed meanwhile.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.catalogueFile,
      tooLarge: "A catalogue file can be at most 2 MB.",
    },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    if (body.get("intent") === "apply") {
      const csv = body.get("csv");
      const digest = body.get("digest");
      if (typeof csv !== "string" || typeof digest !== "string") return refuse(400, FILE_MISSING);
      const applied = await applyCatalogueCsv(
        db,
        csv,
        owner!.email,
        digest,
        clockFrom(context).now(),
      );
      if (applied.ok) {
        throw redirect(
          `/admin/products?imported=1&created=${applied.created}&updated=${applied.updated}`,
        );
      }
      if ("stale" in applied) {
        return refuse(statusOf(applied), applied.message, {
          extra: { preview: { plan: applied.plan, csv } },
        });
      }
      return refuse(statusOf(applied), applied.message, {
        extra: { importErrors: applied.errors },
      });
    }
    const file = body.get("file");
    if (!(file instanceof File) || file.size === 0) return refuse(400, FILE_MISSING);
    let csv: string;
    try {
      csv = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return refuse(422, 'The file must be saved as UTF-8 CSV ("CSV UTF-8" in Excel).');
    }
    const planned = await planCatalogueCsv(db, csv);
    if (!planned.ok) {
      return refuse(statusOf(planned), planned.message, {
        extra: { importErrors: planned.errors },
      });
    }
    return success({ preview: { plan: planned.plan, csv } });
  },
);

function ImportedMessage({ created, updated }: { created: number; updated: number }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  const parts = [
    `${updated} ${updated === 1 ? "product" : "products"} changed`,
    `${created} created`,
  ];
  return (
    <p
      ref={message}
      tabIndex={-1}
      role="status"
      className="rounded-md bg-green-50 p-3 font-semibold text-green-800 focus:outline-2 focus:outline-green-800"
    >
      Import applied: {parts.join(", ")}.
    </p>
  );
}

const STATUS_STYLE: Record<string, string> = {
  active: "bg-green-100 text-green-900",
  draft: "bg-amber-100 text-amber-900",
  archived: "bg-stone text-ink",
};

/** /admin/products (X-CAT-2): search, filter by status and category, 50 a page. */
export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, products, total, page, pages, imported } = loaderData;
  const outcome = actionData as
    | {
        error?: string;
        importErrors?: RowError[];
        preview?: { plan: ImportPlan; csv: string };
      }
    | undefined;
  const pageHref = (n: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.status) params.set("status", query.status);
    if (query.category) params.set("category", query.category);
    params.set("page", String(n));
    return `/admin/products?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase">Products</h1>
          <p className="mt-1 text-muted">
            {total} {total === 1 ? "product" : "products"}. A draft is seen by owners only; an
            archived product has left the shop and stays on old orders.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/admin/products/new">New product</ButtonLink>
          <ButtonLink to="/admin/site" variant="secondary">
            Banner, hero and sales
          </ButtonLink>
          <a
            href="/admin/products/export.csv"
            download
            className="inline-flex min-h-11 items-center rounded border border-ink/30 bg-white px-4 font-semibold hover:bg-stone"
          >
            Export CSV
          </a>
        </div>
      </header>
      {imported ? <ImportedMessage {...imported} /> : null}
      {outcome?.preview ? (
        <ImportPreview
          plan={outcome.preview.plan}
          csv={outcome.preview.csv}
          notice={outcome.error}
        />
      ) : outcome?.importErrors ? (
        <ImportErrors errors={outcome.importErrors} />
      ) : outcome?.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          {outcome.error}
        </p>
      ) : null}
      <Form
        method="post"
        action="/admin/products"
        encType="multipart/form-data"
        aria-labelledby="import-title"
        className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg bg-white p-4 ring-1 ring-black/5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="preview" />
        <div className="flex flex-col gap-1">
          <h2 id="import-title" className="font-semibold">
            Import a CSV file
          </h2>
          <p id="import-hint" className="text-sm text-muted">
            Edit the exported file and upload it here: you see every change before anything is
            saved.
          </p>
          <label htmlFor="import-file" className="text-sm font-semibold">
            Catalogue file (CSV)
          </label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-describedby="import-hint"
            className="w-full min-w-0 text-sm"
          />
        </div>
        <Button variant="secondary">Preview the import</Button>
      </Form>
      <Form
        method="get"
        role="search"
        aria-label="Products"
        className="grid gap-3 rounded-lg bg-white p-4 ring-1 ring-black/5 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <Field label="Search" name="q" type="search" defaultValue={query.q} />
        <SelectField label="Status" name="status" defaultValue={query.status}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status[0]!.toUpperCase() + status.slice(1)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" name="category" defaultValue={query.category}>
          <option value="">Any category</option>
          {PRODUCT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <Button>Show</Button>
      </Form>
      {products.length === 0 ? (
        <p className="rounded-lg bg-white p-5 ring-1 ring-black/5">No products match.</p>
      ) : (
        <ul
          className="divide-y divide-stone rounded-lg bg-white ring-1 ring-black/5"
          aria-label="Products"
        >
          {products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link
                to={`/admin/products/${product.id}`}
                className="min-w-0 basis-full font-semibold break-words underline-offset-4 hover:underline sm:basis-0 sm:flex-1"
              >
                {product.name}
                <span className="block text-sm font-normal break-all text-muted">{product.id}</span>
              </Link>
              <span className="text-sm text-muted">
                {CATEGORY_LABELS[product.category as keyof typeof CATEGORY_LABELS] ??
                  product.category}
              </span>
              <span
                className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[product.status] ?? ""}`}
              >
                {product.status}
              </span>
              <span className="ml-auto font-semibold sm:w-24 sm:text-right">
                {formatPence(product.price_pence)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between">
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous page</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
