import { Link } from "react-router";
import type { RosterEntry } from "./rules";

/** Who reads the roster: the owner (/admin/teams/<slug>) or the team's organiser. */
export type RosterView = "owner" | "organiser";

/** Each view's words. The owner's view also has the members' e-mails, order links and a
 *  Status column; the organiser's shows each line's quantity when it is more than one. */
const VIEWS = {
  owner: {
    region: "Roster (scrolls sideways)",
    caption: "Paid member orders",
    nameHeading: "Name",
  },
  organiser: {
    region: "Who has ordered (scrolls sideways)",
    caption: "Paid orders, one row per item line",
    nameHeading: "Name to print",
  },
} as const;

/**
 * A team's paid roster, one row per item line (X-TEAM-3 for the organiser, X-TEAM-5 for the
 * owner), in a region that scrolls sideways on a narrow screen.
 */
export function RosterTable({
  roster,
  view,
}: {
  roster: readonly RosterEntry[];
  view: RosterView;
}) {
  const words = VIEWS[view];
  const owner = view === "owner";
  const headings = [
    "Member",
    "Product",
    "Size",
    "Belt rank / colour",
    words.nameHeading,
    "Order",
    ...(owner ? ["Status"] : []),
  ];
  return (
    <div
      className="overflow-x-auto rounded-lg bg-white ring-1 ring-black/5"
      tabIndex={0}
      role="region"
      aria-label={words.region}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{words.caption}</caption>
        <thead className="bg-stone/60">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roster.map((entry, index) => (
            <tr key={`${entry.orderNumber}-${index}`} className="border-t border-ink/10">
              {owner ? (
                <td className="px-3 py-2">
                  {entry.memberName}
                  <br />
                  <span className="text-muted">{entry.email}</span>
                </td>
              ) : (
                <td className="px-3 py-2 font-semibold">{entry.memberName}</td>
              )}
              <td className="px-3 py-2">
                {entry.productName} ({entry.optionType})
                {!owner && (entry.quantity ?? 1) > 1 ? ` × ${entry.quantity}` : ""}
              </td>
              <td className="px-3 py-2">{entry.size}</td>
              <td className="px-3 py-2">{entry.beltRank ?? entry.color ?? ""}</td>
              <td className="px-3 py-2">{entry.printName ?? ""}</td>
              <td className="px-3 py-2">
                {owner ? (
                  <Link
                    to={`/admin/orders/${entry.orderNumber}`}
                    className="underline underline-offset-4"
                  >
                    {entry.orderNumber}
                  </Link>
                ) : (
                  entry.orderNumber
                )}
              </td>
              {owner ? <td className="px-3 py-2">{entry.status.replace("_", " ")}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
