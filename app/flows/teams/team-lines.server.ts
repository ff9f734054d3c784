import type { Database } from "~/db/client.server";
import { type CartLine, priceLine } from "~/cart/cart";
import type { Catalogue } from "~/catalogue/catalogue";
import type { LineChoice } from "~/shared/line-choice";
import { checkTeamLine } from "~/teams/rules";
import { teamsForLines } from "~/teams/teams.server";
import type { Problem } from "~/shared/problems";

export type CheckedTeamLines =
  | {
      ok: true;
      /** The cart's lines, team lines at their team's price and with its text. */
      lines: CartLine[];
      /** The lines the shop posts to the customer (not those of a team delivered together). */
      shipped: CartLine[];
      /** X-TEAM-6: set when every line goes with one team delivered together, to its address:
       *  the member gives no address and pays the team's delivery price (issue 41, default £0). */
      teamDelivery?: { slug: string; address: string; pricePence: number };
    }
  | (Problem & { lineIndex: number });

/**
 * X-TEAM-2: checks and prices a cart whose lines may belong to team stores. An ordinary line is
 * priced from the catalogue as before; a team line (`team: "<slug>"`) must be a size, belt rank
 * and colour the catalogue makes for an option the team offers, while the team takes orders; it
 * is priced at the team price, carries the team's fixed text as its custom text (made to order,
 * not returnable unless faulty) and the member's `printName`.
 */
export async function checkTeamLines(
  db: Database,
  catalogue: Catalogue,
  items: readonly LineChoice[],
  priceOrdinary: (
    items: readonly LineChoice[],
  ) => { ok: true; lines: CartLine[] } | (Problem & { lineIndex: number }),
  now: Date,
): Promise<CheckedTeamLines> {
  const slugs = items.flatMap((item) => (item.team ? [item.team] : []));
  if (slugs.length === 0) {
    const checked = priceOrdinary(items);
    return checked.ok ? { ok: true, lines: checked.lines, shipped: checked.lines } : checked;
  }
  const found = await teamsForLines(db, slugs);
  const lines: CartLine[] = [];
  const shipped: CartLine[] = [];
  for (const [position, item] of items.entries()) {
    if (!item.team) {
      const checked = priceOrdinary([item]);
      if (!checked.ok) {
        return {
          ...checked,
          lineIndex: position,
          message: checked.message.replace(/^Item 1:/, `Item ${position + 1}:`),
        };
      }
      lines.push(...checked.lines);
      shipped.push(...checked.lines);
      continue;
    }
    const team = found.get(item.team);
    const rule = checkTeamLine(
      team,
      { ...item, productName: catalogue.all.get(item.productId)?.name },
      now,
    );
    if (!rule.ok) return { ...rule, lineIndex: position };
    // The catalogue's own checks of the size, belt rank and colour, without the text: the
    // team's text goes on whatever option it offers.
    const { line, problem, gone } = priceLine(
      { ...item, customText: undefined, nameCustomisation: undefined },
      catalogue.all.get(item.productId),
    );
    if (!line) {
      return gone
        ? { ok: false, kind: "conflict", message: problem, lineIndex: position }
        : {
            ok: false,
            kind: "invalid_input",
            message: `Item ${position + 1}: ${problem}`,
            lineIndex: position,
          };
    }
    const teamLine: CartLine = {
      ...line,
      unitPricePence: rule.unitPricePence,
      customText: rule.customText,
      team: item.team,
      ...(rule.printName ? { printName: rule.printName } : {}),
    };
    delete teamLine.wasUnitPricePence;
    lines.push(teamLine);
    if (team!.delivery !== "together") shipped.push(teamLine);
  }
  return { ok: true, lines, shipped, ...withTeamDelivery(items, shipped, found) };
}

/**
 * X-TEAM-6: an order of lines from one team delivered together, and nothing posted to the
 * member, goes to the team's address. A cart that also holds lines posted to the member (an
 * ordinary line, another team's) is posted to the address the member gives, as before.
 */
function withTeamDelivery(
  items: readonly LineChoice[],
  shipped: readonly CartLine[],
  found: Map<
    string,
    { slug: string; delivery: string; deliveryAddress: string | null; deliveryPricePence: number }
  >,
): { teamDelivery?: { slug: string; address: string; pricePence: number } } {
  if (shipped.length > 0) return {};
  const slugs = new Set(items.map((item) => item.team));
  if (slugs.size !== 1) return {};
  const team = found.get([...slugs][0] ?? "");
  if (!team || team.delivery !== "together" || !team.deliveryAddress) return {};
  return {
    teamDelivery: {
      slug: team.slug,
      address: team.deliveryAddress,
      pricePence: team.deliveryPricePence,
    },
  };
}
