import { EMBROIDERY_MESSAGE, embroideryProblem } from "~/shared/embroidery";
import {
  CUSTOM_TEXT_MAX,
  EMAIL_MAX,
  ROSTER_NOTE_MAX,
  UPLOAD_PROBLEMS_MAX,
  UPLOAD_ROWS_MAX,
} from "~/shared/limits";
import { hasControlCharacters } from "~/shared/text";
import {
  type PublicTeam,
  printNameProblem,
  rosterNameProblem,
  type TeamChoicePrefill,
  WEB_LIKE,
} from "./rules";

export { rosterNameProblem } from "./rules";

/**
 * X-TEAM-3: the organiser's roster upload, row by row. Pure: the file's cells in, each member's
 * checked choice or the problems named by row (the header is row 1) out.
 */

export const UPLOAD_COLUMNS = [
  "name",
  "email",
  "product",
  "option",
  "size",
  "belt_rank",
  "colour",
  "print_name",
] as const;

export interface RosterMember {
  row: number;
  name: string;
  email: string;
  choice: TeamChoicePrefill;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The organiser's note for every invitation: a sentence for the problem, or undefined. */
export function rosterNoteProblem(note: string): string | undefined {
  if (Array.from(note).length > ROSTER_NOTE_MAX) {
    return `The note may be up to ${ROSTER_NOTE_MAX} characters.`;
  }
  if (hasControlCharacters(note, true) || WEB_LIKE.test(note)) {
    return "The note must be plain text, without web addresses or e-mail addresses.";
  }
  return undefined;
}

/**
 * X-SEC-16: one member per address (the first row for it), addresses compared without case;
 * answers the members kept and how many rows repeated an address.
 */
export function uniqueByAddress(members: readonly RosterMember[]): {
  members: RosterMember[];
  repeated: number;
} {
  const seen = new Set<string>();
  const kept = members.filter((member) => {
    const address = member.email.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
  return { members: kept, repeated: members.length - kept.length };
}

/** Checks the header and every row; all problems (at most 50) or every member's choice. */
export function checkRosterRows(
  records: readonly (readonly string[])[],
  team: Pick<PublicTeam, "products" | "memberNames">,
): { ok: true; members: RosterMember[] } | { ok: false; problems: string[] } {
  const [header, ...rows] = records;
  const names = (header ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = UPLOAD_COLUMNS.filter((column) => !names.includes(column));
  if (!header || missing.length) {
    return {
      ok: false,
      problems: [
        `Row 1: the first row must name the columns ${UPLOAD_COLUMNS.join(", ")}${missing.length && header ? ` (missing ${missing.join(", ")})` : ""}.`,
      ],
    };
  }
  if (rows.length === 0) return { ok: false, problems: ["The file has no members."] };
  if (rows.length > UPLOAD_ROWS_MAX) {
    return { ok: false, problems: [`A roster can hold at most ${UPLOAD_ROWS_MAX} members.`] };
  }
  const at = Object.fromEntries(UPLOAD_COLUMNS.map((column) => [column, names.indexOf(column)]));
  const problems: string[] = [];
  const members: RosterMember[] = [];
  for (const [index, cells] of rows.entries()) {
    const row = index + 2;
    const cell = (column: (typeof UPLOAD_COLUMNS)[number]) => (cells[at[column]!] ?? "").trim();
    const say = (text: string) => problems.push(`Row ${row}: ${text}`);
    const before = problems.length;
    if (cells.some((value) => hasControlCharacters(value, false))) {
      say("remove the invisible control characters.");
    }
    const name = cell("name");
    const nameProblem = rosterNameProblem(name);
    if (nameProblem) say(nameProblem);
    const email = cell("email");
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) say(`"${email}" is not an e-mail address.`);
    const productText = cell("product");
    const optionText = cell("option");
    const product = team.products.find(
      (p) =>
        (p.productId === productText || p.name.toLowerCase() === productText.toLowerCase()) &&
        (p.optionType.toLowerCase() === optionText.toLowerCase() ||
          (!optionText && team.products.filter((q) => q.productId === p.productId).length === 1)),
    );
    const choice: TeamChoicePrefill = { productId: "", optionType: "" };
    if (!product) {
      say(`the team does not offer "${productText}"${optionText ? ` (${optionText})` : ""}.`);
    } else {
      choice.productId = product.productId;
      choice.optionType = product.optionType;
      const size = cell("size");
      const sized = product.sizes.find((s) => s.toLowerCase() === size.toLowerCase());
      if (!sized) {
        say(`"${size}" is not a size of ${product.name}; choose ${product.sizes.join(", ")}.`);
      } else choice.size = sized;
      const rank = cell("belt_rank");
      if (product.beltRanks) {
        const found = product.beltRanks.find((r) => r.toLowerCase() === rank.toLowerCase());
        if (!found) say(`choose a belt rank: ${product.beltRanks.join(", ")}.`);
        else choice.beltRank = found;
      } else if (rank) say(`${product.name} has no belt ranks.`);
      const colour = cell("colour");
      if (product.colors) {
        const found = product.colors.find((c) => c.toLowerCase() === colour.toLowerCase());
        if (!found) say(`choose a colour: ${product.colors.join(", ")}.`);
        else choice.color = found;
      } else if (colour) say(`${product.name} has no colour choice.`);
    }
    const printName = cell("print_name");
    if (printName && !team.memberNames) say("this team does not print members' names.");
    else if (Array.from(printName).length > CUSTOM_TEXT_MAX) {
      say(`the name to print may be up to ${CUSTOM_TEXT_MAX} characters.`);
    } else if (embroideryProblem(printName)) {
      say(`the name to print: ${EMBROIDERY_MESSAGE}`);
    } else if (printNameProblem(printName)) {
      say(`the name to print: ${printNameProblem(printName)}`);
    } else if (printName) choice.printName = printName;
    if (problems.length === before) members.push({ row, name, email, choice });
  }
  if (problems.length) return { ok: false, problems: problems.slice(0, UPLOAD_PROBLEMS_MAX) };
  return { ok: true, members };
}
