import type { SheetGroup, SizeCounts } from "./rules";

/**
 * X-TEAM-5, X-DAY-7: the production sheet, what to make by product, option, colour, belt rank and
 * size with every name to print, and the count per size. The one part of the owner's team page that prints.
 */
export function ProductionSheet({
  teamName,
  fixedText,
  sheet,
  sizes,
}: {
  teamName: string;
  fixedText: string;
  sheet: readonly SheetGroup[];
  sizes: SizeCounts;
}) {
  // X-DAY-7: a colour or belt rank column whenever any line has one.
  const colours = sheet.some((group) => group.color);
  const ranks = sheet.some((group) => group.beltRank);
  return (
    <section aria-labelledby="production-sheet" className="space-y-3">
      <h2 id="production-sheet" className="font-display text-2xl font-bold uppercase">
        Production sheet: {teamName}
      </h2>
      <p>
        Printed on every item: <strong>{fixedText}</strong>
        <span className="text-sm text-muted print:hidden">
          {" "}
          (print this page: only the sheet prints)
        </span>
      </p>
      {sheet.length === 0 ? (
        <p>Nothing to make yet.</p>
      ) : (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Production sheet (scrolls sideways)"
        >
          <table className="w-full bg-white text-left text-sm ring-1 ring-black/5">
            <caption className="sr-only">
              Items to make, by product, option, colour, belt rank and size
            </caption>
            <thead className="bg-stone/60">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2">
                  Option
                </th>
                {colours ? (
                  <th scope="col" className="px-3 py-2">
                    Colour
                  </th>
                ) : null}
                {ranks ? (
                  <th scope="col" className="px-3 py-2">
                    Belt rank
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  Size
                </th>
                <th scope="col" className="px-3 py-2">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-2">
                  Names to print
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.map((group) => (
                <tr
                  key={`${group.productId}|${group.optionType}|${group.color}|${group.beltRank}|${group.size}`}
                  className="border-t border-ink/10 align-top"
                >
                  <td className="px-3 py-2 font-semibold">{group.productName}</td>
                  <td className="px-3 py-2">{group.optionType}</td>
                  {colours ? <td className="px-3 py-2">{group.color ?? "None"}</td> : null}
                  {ranks ? <td className="px-3 py-2">{group.beltRank ?? "None"}</td> : null}
                  <td className="px-3 py-2">{group.size}</td>
                  <td className="px-3 py-2">{group.quantity}</td>
                  <td className="px-3 py-2">
                    {group.names.map((name) => name || "(no name)").join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm">
        Sizes:{" "}
        {sizes
          .map(
            (group) =>
              `${group.productName} (${group.optionType}): ${group.sizes.map(({ size, count }) => `${size} × ${count}`).join(", ")}`,
          )
          .join("; ") || "none"}
      </p>
    </section>
  );
}
