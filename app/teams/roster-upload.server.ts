import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Catalogue } from "~/catalogue/catalogue";
import { teamInvitations, teams } from "./schema";
import { notifyOwner, type OwnerNoticeSettings } from "~/mail/owner-notice.server";
import { enqueueMail } from "~/mail/outbox.server";
import type { OriginSettings } from "~/security/origin.server";
import { storedSecret } from "~/security/secrets.server";
import { ROSTER_INVITES_PER_DAY_MAX } from "~/shared/limits";
import { londonIsoDate } from "~/shared/london-time";
import { done, problem, type Result } from "~/shared/problems";
import { checkRosterRows, rosterNoteProblem, uniqueByAddress } from "./roster-rows";
import { closedSentence, formatChoice, type TeamChoicePrefill, ukDateTimeInWords } from "./rules";
import { memberUrlOf, publicTeam, teamForOrganiser } from "./teams.server";
import { TEAM_WORDS } from "./labels";

/**
 * X-TEAM-3: the organiser uploads a roster; every row is checked (the first 50 problems named by
 * row, nothing sent if any), then each member is e-mailed a link to /team/<slug>?choice=<token>
 * that opens their choice ready to pay. The token is the choice, signed, so it cannot be altered.
 * X-SEC-16: a first post answers a preview (how many e-mails, nothing sent); only a post with
 * `confirmed=yes` sends. One e-mail per address; an address invited by this team today is left
 * out; a team invites at most its expected size of addresses and ROSTER_INVITES_PER_DAY_MAX a
 * day, counted in `team_invitations` under a lock on the team; the owner is told of each send.
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

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** What an upload answered: the preview (nothing sent yet) or what was sent. */
export interface RosterUploadResult {
  preview: boolean;
  /** E-mails this upload sends (or, in a preview, would send). */
  count: number;
  /** Rows whose address an earlier row already had. */
  repeated: number;
  /** Addresses this team already invited today, left out. */
  invitedToday: number;
  sent: number;
  message: string;
}

export interface RosterUploadInput {
  csv: string;
  /** The organiser's note for every invitation (plain text), or empty. */
  note: string;
  /** Only `true` sends; otherwise the answer is the preview. */
  confirmed: boolean;
  now: Date;
}

/** The organiser's upload: the preview or `{sent}`, or 400 with `problems` named by row. */
export async function uploadRoster(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  key: string | null,
  input: RosterUploadInput,
  settings: OriginSettings & OwnerNoticeSettings,
  now: Date,
): Promise<Result<RosterUploadResult>> {
  const organiser = await teamForOrganiser(db, slug, key);
  if (!organiser) return problem("not_found", "Not found.");
  const team = await publicTeam(db, catalogue, slug, now);
  if (!team) return problem("not_found", "Not found.");
  if (!team.open) return problem("conflict", closedSentence(new Date(team.closesAt)));
  const note = input.note.trim();
  const noteProblem = rosterNoteProblem(note);
  if (noteProblem) return problem("invalid_input", noteProblem);
  let records: string[][];
  try {
    records = parse(input.csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
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
  const { members, repeated } = uniqueByAddress(checked.members);
  const teamId = organiser.row.id;
  const day = londonIsoDate(input.now);
  return db.transaction(async (tx) => {
    // One upload at a time per team, in every process: the caps are counted under this lock.
    const [locked] = await tx
      .select({ expectedSize: teams.expectedSize })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for("update");
    if (!locked) return problem("not_found", "Not found.");
    const invited = await tx
      .select({ email: teamInvitations.email, day: teamInvitations.day })
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, teamId));
    const everInvited = new Set(invited.map((row) => row.email));
    const today = new Set(invited.filter((row) => row.day === day).map((row) => row.email));
    const fresh = members.filter((member) => !today.has(member.email.toLowerCase()));
    const newAddresses = fresh.filter((member) => !everInvited.has(member.email.toLowerCase()));
    if (everInvited.size + newAddresses.length > locked.expectedSize) {
      return problem(
        "invalid_input",
        `Nothing was sent: this team expects ${plural(locked.expectedSize, "member")} and ${plural(everInvited.size, "address has", "addresses have")} been invited already, so at most ${Math.max(0, locked.expectedSize - everInvited.size)} new can be added (this file has ${newAddresses.length}). Ask the shop to raise the expected number.`,
      );
    }
    if (today.size + fresh.length > ROSTER_INVITES_PER_DAY_MAX) {
      return problem(
        "rate_limited",
        `Nothing was sent: a team can send at most ${ROSTER_INVITES_PER_DAY_MAX} roster e-mails a day, ${today.size} have gone today and this file has ${fresh.length}. Please send the rest tomorrow.`,
      );
    }
    const leftOut = [
      repeated ? `${plural(repeated, "repeated address", "repeated addresses")} left out` : "",
      today.size && members.length > fresh.length
        ? `${plural(members.length - fresh.length, "address")} already invited today left out`
        : "",
    ].filter(Boolean);
    const said = leftOut.length ? ` (${leftOut.join("; ")})` : "";
    const count = fresh.length;
    const answer = {
      preview: !input.confirmed,
      count,
      repeated,
      invitedToday: members.length - count,
    };
    if (!input.confirmed) {
      return done({
        ...answer,
        sent: 0,
        message:
          count === 0
            ? `Nothing to send: everyone on this roster was invited today${said}.`
            : `This will send ${plural(count, "e-mail")}, one per member${said}. Nothing has been sent yet: press "Send ${plural(count, "e-mail")}" to send.`,
      });
    }
    for (const member of fresh) {
      const product = team.products.find(
        (p) => p.productId === member.choice.productId && p.optionType === member.choice.optionType,
      )!;
      // X-SEC-25: where the academy pays, the members' link (with its key) opens the entry form.
      const url = `${memberUrlOf(organiser.row, settings)}${organiser.row.payment === "organiser" ? "&" : "?"}choice=${await choiceToken(tx, slug, member.choice)}`;
      await tx
        .insert(teamInvitations)
        .values({ teamId, email: member.email.toLowerCase(), day, sentAt: input.now });
      await enqueueMail(
        tx,
        {
          to: member.email,
          // X-DAY-11: by who pays.
          subject: `Your kit for ${team.name}: ${TEAM_WORDS[organiser.row.payment].rosterSubject}`,
          text: [
            `Hello ${member.name},`,
            "",
            `${organiser.row.organiserName} has put you down for ${team.name}:`,
            `${product.name}: ${formatChoice(member.choice)}`,
            `Printed on it: ${team.fixedText}`,
            ...(note ? ["", `A note from ${organiser.row.organiserName}: ${note}`] : []),
            "",
            TEAM_WORDS[organiser.row.payment].rosterLink,
            url,
            "",
            `The team order closes on ${ukDateTimeInWords(new Date(team.closesAt))} (UK time).`,
            "",
            "GRIP TRUTH",
          ].join("\n"),
        },
        { kind: "team-roster", ref: teamId },
      );
    }
    if (count > 0) {
      const total = everInvited.size + newAddresses.length;
      await notifyOwner(
        tx,
        settings,
        catalogue.settings.settings.seller,
        `team-roster:${teamId}:${randomUUID()}`,
        {
          subject: `Team ${team.name}: ${plural(count, "roster e-mail")} sent`,
          text: [
            `${organiser.row.organiserName} sent ${plural(count, "roster e-mail")} for the team store ${team.name} (/team/${slug}) on ${day}.`,
            `${total} of the expected ${locked.expectedSize} members have now been invited; ${today.size + count} of the ${ROSTER_INVITES_PER_DAY_MAX} e-mails a day have gone today.`,
            ...(note ? ["", `The organiser's note: ${note}`] : []),
          ].join("\n"),
        },
        teamId,
      );
    }
    return done({
      ...answer,
      sent: count,
      message:
        count === 0
          ? `Nothing was sent: everyone on this roster was invited today${said}.`
          : `Sent ${plural(count, "e-mail")}, one per member${said}.`,
    });
  });
}
