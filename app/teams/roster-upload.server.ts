import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { Database } from "~/db/client.server";
import type { Catalogue } from "~/catalogue/catalogue";
import { enqueueMail } from "~/mail/outbox.server";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import { storedSecret } from "~/security/secrets.server";
import { done, problem, type Result } from "~/shared/problems";
import { checkRosterRows } from "./roster-rows";
import { closedSentence, formatChoice, type TeamChoicePrefill, ukDateTimeInWords } from "./rules";
import { publicTeam, teamForOrganiser, teamPath } from "./teams.server";

/**
 * X-TEAM-3: the organiser uploads a roster; every row is checked (the first 50 problems named by
 * row, nothing sent if any), then each member is e-mailed a link to /team/<slug>?choice=<token>
 * that opens their choice ready to pay. The token is the choice, signed, so it cannot be altered.
 */

const SECRET_NAME = "team-choice";

function signature(secret: string, slug: string, payload: string): string {
  return createHmac("sha256", secret).update(`${slug}\n${payload}`).digest("base64url");
}

/** `<choice as base64url JSON>.<signature>` for one team. */
export async function choiceToken(db: Database, slug: string, choice: TeamChoicePrefill) {
  const secret = await storedSecret(db, SECRET_NAME);
  const payload = Buffer.from(JSON.stringify(choice)).toString("base64url");
  return `${payload}.${signature(secret, slug, payload)}`;
}

/** The choice a link carries, or undefined for a token that is not this team's or was altered. */
export async function readChoiceToken(
  db: Database,
  slug: string,
  token: string | null,
): Promise<TeamChoicePrefill | undefined> {
  if (!token || token.length > 2000) return undefined;
  const [payload, given] = token.split(".");
  if (!payload || !given) return undefined;
  const expected = Buffer.from(signature(await storedSecret(db, SECRET_NAME), slug, payload));
  const provided = Buffer.from(given);
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided)) return undefined;
  try {
    const choice = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (typeof choice !== "object" || choice === null) return undefined;
    const c = choice as Record<string, unknown>;
    if (typeof c.productId !== "string" || typeof c.optionType !== "string") return undefined;
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    return {
      productId: c.productId,
      optionType: c.optionType,
      size: text(c.size),
      beltRank: text(c.beltRank),
      color: text(c.color),
      printName: text(c.printName),
    };
  } catch {
    return undefined;
  }
}

/** The organiser's upload: `{sent}`, or 400 with `problems` named by row. */
export async function uploadRoster(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  key: string | null,
  csv: string,
  settings: OriginSettings,
): Promise<Result<{ sent: number; message: string }>> {
  const organiser = await teamForOrganiser(db, slug, key);
  if (!organiser) return problem("not_found", "Not found.");
  const team = await publicTeam(db, catalogue, slug);
  if (!team) return problem("not_found", "Not found.");
  if (!team.open) return problem("conflict", closedSentence(new Date(team.closesAt)));
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch {
    return problem("invalid_input", "The file could not be read as CSV.");
  }
  const checked = checkRosterRows(records, team);
  if (!checked.ok) {
    return problem(
      "invalid_input",
      "Nothing was sent: please correct the file and upload it again.",
      {
        extra: { problems: checked.problems },
      },
    );
  }
  const origin = canonicalOrigin(settings);
  const links = await Promise.all(
    checked.members.map(async (member) => ({
      member,
      url: `${origin}${teamPath(slug)}?choice=${await choiceToken(db, slug, member.choice)}`,
    })),
  );
  await db.transaction(async (tx) => {
    for (const { member, url } of links) {
      const product = team.products.find(
        (p) => p.productId === member.choice.productId && p.optionType === member.choice.optionType,
      )!;
      await enqueueMail(
        tx,
        {
          to: member.email,
          subject: `Your kit for ${team.name}: ready to pay`,
          text: [
            `Hello ${member.name},`,
            "",
            `${organiser.row.organiserName} has put you down for ${team.name}:`,
            `${product.name}: ${formatChoice(member.choice)}`,
            `Printed on it: ${team.fixedText}`,
            "",
            "Check it and pay here (you can still change it):",
            url,
            "",
            `The team order closes on ${ukDateTimeInWords(new Date(team.closesAt))} (UK time).`,
            "",
            "GRIP TRUTH",
          ].join("\n"),
        },
        { kind: "team-roster", ref: organiser.row.id },
      );
    }
  });
  const sent = links.length;
  return done({ sent, message: `Sent ${sent} e-mail${sent === 1 ? "" : "s"}, one per member.` });
}
