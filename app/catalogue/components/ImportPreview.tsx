import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/ui/Button";
import { changesLabel, type FieldChange, type ImportPlan } from "../editing/import-plan";

/** A file's row problems: the row as a spreadsheet numbers it, the column, the sentence. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

const shown = (cell: string) => (cell === "" ? "(empty)" : cell);

function Changes({ changes, label }: { changes: FieldChange[]; label: string }) {
  if (changes.length === 0) return null;
  return (
    <table className="mt-2 w-full table-fixed text-left text-sm">
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr className="border-b border-stone">
          <th scope="col" className="w-1/4 py-1 pr-2">
            Field
          </th>
          <th scope="col" className="py-1 pr-2">
            Before
          </th>
          <th scope="col" className="py-1">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className="border-b border-stone/60 align-top">
            <th scope="row" className="py-1 pr-2 font-semibold break-words">
              {change.field}
            </th>
            <td className="py-1 pr-2 break-words text-muted">{shown(change.before)}</td>
            <td className="py-1 font-semibold break-words">{shown(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const OPTION_ACTION = { create: "new option", change: "changed", remove: "removed" } as const;

/**
 * The import's second step (X-TRUE-4): every product and option the file would create or
 * change, field by field, and one "Apply N changes" button that carries the file and the
 * preview's digest back. Server-rendered, so it works without JavaScript; with it, the heading
 * takes the focus.
 */
export function ImportPreview({
  plan,
  csv,
  notice,
}: {
  plan: ImportPlan;
  csv: string;
  /** Said above the preview (the catalogue changed since the last one). */
  notice?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [plan.digest]);
  const n = plan.changes.length;
  const created = plan.changes.filter((c) => c.action === "create").length;
  return (
    <section
      aria-labelledby="import-preview-title"
      className="space-y-4 rounded-lg bg-white p-4 ring-2 ring-accent sm:p-5"
    >
      <h2
        id="import-preview-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold uppercase focus:outline-none"
      >
        {n === 0 ? "Nothing to change" : `Preview: ${changesLabel(n)}`}
      </h2>
      {notice ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          {notice}
        </p>
      ) : null}
      <p>
        {n === 0
          ? "Every product in the file is already as it says."
          : `${created} ${created === 1 ? "product" : "products"} to create, ${n - created} to change`}
        {plan.unchanged ? `; ${plan.unchanged} in the file stay as they are.` : n ? "." : ""}{" "}
        Nothing has been saved yet.
      </p>
      {n > 0 ? (
        <ol className="space-y-4" aria-label="Changes">
          {plan.changes.map((change) => (
            <li key={change.id} className="rounded-md border border-ink/15 p-3">
              <h3 className="font-semibold break-words">
                {change.action === "create" ? "Create" : "Change"} {change.name}{" "}
                <span className="font-normal break-all text-muted">({change.id})</span>
              </h3>
              <Changes changes={change.changes} label={`${change.name}: fields`} />
              {change.options.map((option) => (
                <div key={option.type} className="mt-3">
                  <h4 className="text-sm font-semibold">
                    Option {option.type}: {OPTION_ACTION[option.action]}
                  </h4>
                  <Changes
                    changes={option.changes}
                    label={`${change.name}, option ${option.type}`}
                  />
                </div>
              ))}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {n > 0 ? (
          <Form method="post" action="/admin/products" encType="multipart/form-data">
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="digest" value={plan.digest} />
            <textarea name="csv" defaultValue={csv} hidden readOnly aria-hidden="true" />
            <Button>Apply {changesLabel(n)}</Button>
          </Form>
        ) : null}
        <Link to="/admin/products" className="font-semibold underline underline-offset-4">
          {n > 0 ? "Cancel: change nothing" : "Back to the products"}
        </Link>
      </div>
    </section>
  );
}

/** A file that cannot be imported: each problem by row and column; nothing was changed. */
export function ImportErrors({ errors }: { errors: RowError[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [errors]);
  return (
    <section
      aria-labelledby="import-errors-title"
      className="space-y-3 rounded-lg bg-white p-4 ring-2 ring-accent sm:p-5"
    >
      <h2
        id="import-errors-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold uppercase focus:outline-none"
      >
        The file was not imported
      </h2>
      <p role="alert">
        {errors.length === 1 ? "One problem" : `${errors.length} problems`} to fix in the file;
        nothing was changed.
      </p>
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Problems by row and column</caption>
        <thead>
          <tr className="border-b border-stone">
            <th scope="col" className="w-16 py-1 pr-2">
              Row
            </th>
            <th scope="col" className="w-1/4 py-1 pr-2">
              Column
            </th>
            <th scope="col" className="py-1">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error) => (
            <tr key={`${error.row}-${error.column}`} className="border-b border-stone/60 align-top">
              <td className="py-1 pr-2">{error.row}</td>
              <td className="py-1 pr-2 break-words">{error.column || "(whole row)"}</td>
              <td className="py-1 break-words">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
