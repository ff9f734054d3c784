export interface DataTableProps {
  /** Names the table for everyone: the visible caption and the scroll region's label. */
  caption: string;
  /** Header of the first column (the row headers), then one per value column. */
  columns: readonly string[];
  rows: readonly { header: string; cells: readonly string[] }[];
  note?: string;
}

/**
 * A real table with a caption and scoped headers. On a 390 px phone it scrolls sideways
 * inside a focusable region, so keyboard users can scroll it too.
 */
export function DataTable({ caption, columns, rows, note }: DataTableProps) {
  return (
    <div className="mt-6">
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-stone bg-white"
      >
        <table className="w-full border-collapse text-left text-sm sm:text-base">
          <caption className="bg-ink px-4 py-3 text-left font-display text-base font-medium tracking-wide text-paper uppercase">
            {caption}
          </caption>
          <thead>
            <tr className="bg-stone">
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="px-2.5 py-2.5 align-bottom leading-snug font-semibold text-ink sm:px-4"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.header} className="border-t border-stone even:bg-paper">
                <th
                  scope="row"
                  className="px-2.5 py-2.5 font-display font-bold whitespace-nowrap text-ink sm:px-4"
                >
                  {row.header}
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={`${row.header}-${index}`}
                    className={`px-2.5 py-2.5 text-ink-soft sm:px-4 ${cell.includes(" ") ? "" : "whitespace-nowrap"}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="mt-2! text-sm leading-6 text-muted">{note}</p> : null}
    </div>
  );
}
