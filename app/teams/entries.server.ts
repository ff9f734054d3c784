import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ordersByIds } from "~/orders/lookups.server";
import { orderEndedUnpaidSql } from "~/orders/team-orders.server";
import { teamEntries, teamProducts, teams } from "./schema";
import { endedUnpaid, isAwaitingPayment, isPaid, type OrderStates } from "~/orders/status";
import type { Catalogue } from "~/catalogue/catalogue";
import { enqueueMail } from "~/mail/outbox.server";
import { created, done, problem, type Result } from "~/shared/problems";
import { TEAM_ENTRIES_MAX } from "~/shared/limits";
import {
  checkTeamChoice,
  closedSentence,
  formatChoice,
  isTakingOrders,
  type TeamEntryInput,
  teamEntrySchema,
  type TeamOffer,
  firstTeamIssue,
  memberChoiceProblems,
  SLUG_PATTERN,
  TEAM_KEY_PATTERN,
} from "./rules";
import { isEntryKey } from "./keys.server";

type TeamRow = typeof teams.$inferSelect;

/**
 * X-TEAM-7: the academy pays once. Members send their choice and name with no card; the entries
 * wait for the organiser, who pays for every one left to pay in one order (flows/teams). An entry
 * belongs to that order from the moment the organiser starts paying; if the order ends unpaid
 * (expired, failed, cancelled before payment), the entry is to pay again.
 */

/** The entry's order ended without payment, or it has none: it is still to pay. */
export function toPaySql(): SQL {
  return or(isNull(teamEntries.orderId), orderEndedUnpaidSql(teamEntries.orderId))!;
}

/**
 * Where an entry's money is (X-ORD-2, through `orders/status.ts`): to pay (no order, or its order
 * ended unpaid), paying (its checkout is open), paid (the shop holds the money: a partly refunded
 * order is paid), or refunded (refunded in full, or cancelled after payment: not paid, and not to
 * pay again; the organiser's counts and the production sheet leave it out).
 */
export type EntryState = "to_pay" | "paying" | "paid" | "refunded";

/** An entry's state from its order's two states (none: not yet in an order). */
export function entryState(order: OrderStates | null): EntryState {
  if (!order || endedUnpaid(order)) return "to_pay";
  if (isAwaitingPayment(order)) return "paying";
  return isPaid(order) ? "paid" : "refunded";
}

export interface TeamEntryJson {
  entryId: string;
  name: string;
  email: string;
  productId: string;
  productName: string;
  optionType: string;
  size: string;
  beltRank: string | null;
  color: string | null;
  printName: string | null;
  pricePence: number;
  state: EntryState;
  orderNumber: string | null;
  createdAt: string;
}

/** Each entry of a team, oldest first, with its price and whether it is paid. */
export async function listEntries(
  db: Database,
  team: { id: string },
  offers: readonly TeamOffer[],
  catalogue?: Catalogue,
): Promise<TeamEntryJson[]> {
  const entries = await db
    .select()
    .from(teamEntries)
    .where(eq(teamEntries.teamId, team.id))
    .orderBy(asc(teamEntries.createdAt), asc(teamEntries.id));
  const ordersOf = new Map(
    (
      await ordersByIds(
        db,
        entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])),
      )
    ).map((order) => [order.id, order]),
  );
  const rows = entries.map((entry) => {
    const order = entry.orderId ? ordersOf.get(entry.orderId) : undefined;
    return {
      entry,
      orderNumber: order?.orderNumber ?? null,
      paymentStatus: order?.paymentStatus ?? null,
      fulfilmentStatus: order?.fulfilmentStatus ?? null,
    };
  });
  return rows.map(({ entry, orderNumber, paymentStatus, fulfilmentStatus }) => {
    const state = entryState(
      paymentStatus && fulfilmentStatus ? { paymentStatus, fulfilmentStatus } : null,
    );
    return {
      entryId: entry.id,
      name: entry.name,
      email: entry.email,
      productId: entry.productId,
      productName: catalogue?.all.get(entry.productId)?.name ?? entry.productId,
      optionType: entry.optionType,
      size: entry.size,
      beltRank: entry.beltRank,
      color: entry.color,
      printName: entry.printName,
      pricePence:
        offers.find((o) => o.productId === entry.productId && o.optionType === entry.optionType)
          ?.teamPricePence ?? 0,
      state,
      orderNumber: state === "paid" || state === "refunded" ? orderNumber : null,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}

/** The choice against the team's offer and the catalogue's sizes, belt ranks and colours. */
function choiceProblem(
  team: TeamRow,
  offers: readonly TeamOffer[],
  catalogue: Catalogue,
  input: TeamEntryInput,
): string | undefined {
  const rule = checkTeamChoice(
    { ...team, offers },
    { ...input, productName: catalogue.all.get(input.productId)?.name },
  );
  if (!rule.ok) return rule.message;
  const product = catalogue.all.get(input.productId);
  const option = product?.options.find((o) => o.type === input.optionType);
  if (!product || product.status !== "active" || !option) {
    // Issue 53: the product's name, never its id.
    return `${team.name} does not offer ${product?.name ?? "that product"} (${input.optionType}).`;
  }
  // X-SEC-25: what reaches the organiser's and the shop's e-mails follows the roster's rules;
  // the first of the choice's problems, in the form's order (rules.ts).
  return Object.values(memberChoiceProblems(option, product.name, input))[0];
}

/**
 * POST /api/teams/:slug/entries {key, …} (X-TEAM-7, X-SEC-25): 201 {entryId}. The entry needs
 * the members' key (`memberUrl`) or the organiser's: without it, or with a wrong one, the team is
 * a 404 like an unknown one. Entries stop at the store's expected size (409 with a sentence). The
 * team's row is read FOR UPDATE, so an entry and the closing job (which claims the row FOR UPDATE
 * SKIP LOCKED) never pass each other (an entry that got in before the closing is in its summary,
 * one after it is refused, 409 with the closing sentence), and two entries at the last place
 * count one after the other.
 */
export async function addEntry(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  body: unknown,
  now: Date,
): Promise<Result<{ entryId: string }>> {
  const { key, ...fields } =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  if (!SLUG_PATTERN.test(slug) || typeof key !== "string" || !TEAM_KEY_PATTERN.test(key)) {
    return problem("not_found", NO_TEAM);
  }
  const parsed = teamEntrySchema.safeParse(fields);
  if (!parsed.success) {
    // The key is checked before the body says anything about the store.
    const [team] = await db.select().from(teams).where(eq(teams.slug, slug));
    if (!team || team.status === "cancelled" || !isEntryKey(team, key)) {
      return problem("not_found", NO_TEAM);
    }
    return problem("invalid_input", firstTeamIssue(parsed.error));
  }
  return db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.slug, slug)).for("update");
    if (!team || team.status === "cancelled" || !isEntryKey(team, key)) {
      return problem("not_found", NO_TEAM);
    }
    if (!isTakingOrders(team, now)) return problem("conflict", closedSentence(team.closesAt));
    if (team.payment !== "organiser") {
      return problem(
        "conflict",
        `Members of ${team.name} pay for their own kit: choose it on the team page and pay there.`,
      );
    }
    const offers = await tx.select().from(teamProducts).where(eq(teamProducts.teamId, team.id));
    const wrong = choiceProblem(team, offers, catalogue, parsed.data);
    if (wrong) return problem("invalid_input", wrong);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(teamEntries)
      .where(eq(teamEntries.teamId, team.id));
    const most = Math.min(team.expectedSize, TEAM_ENTRIES_MAX);
    if (Number(count) >= most) {
      return problem(
        "conflict",
        `${team.name} has all ${most} entries the organiser expected; ask the organiser if you are missing.`,
      );
    }
    const input = parsed.data;
    const [entry] = await tx
      .insert(teamEntries)
      .values({ teamId: team.id, ...entryColumns(input) })
      .returning({ id: teamEntries.id });
    return created({ entryId: entry!.id });
  });
}

const NO_TEAM = "There is no such team order, or the link is not the one the organiser shared.";

/** An entry's columns from a member's checked choice: one mapping for adding and correcting. */
function entryColumns(input: TeamEntryInput) {
  return {
    name: input.name,
    email: input.email,
    productId: input.productId,
    optionType: input.optionType,
    size: input.size,
    beltRank: input.beltRank ?? null,
    color: input.color ?? null,
    printName: input.printName ?? null,
  };
}

/**
 * The organiser removes or corrects an entry still to pay (X-TEAM-7). The team's row is locked
 * FOR UPDATE, the lock the payment takes, so an entry is never changed under a payment.
 */
export async function changeEntry(
  db: Database,
  catalogue: Catalogue,
  teamId: string,
  entryId: string,
  change: { remove: true } | { correct: unknown },
): Promise<Result<{ message: string }>> {
  return db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for("update");
    if (!team) return problem("not_found", "There is no such team order.");
    const [entry] = await tx
      .select()
      .from(teamEntries)
      .where(and(eq(teamEntries.id, entryId), eq(teamEntries.teamId, teamId), toPaySql()));
    if (!entry) {
      return problem("conflict", "That entry is paid for or being paid for; it cannot change now.");
    }
    if ("remove" in change) {
      await tx.delete(teamEntries).where(eq(teamEntries.id, entry.id));
      return done({ message: `Removed ${entry.name}'s entry.` });
    }
    const parsed = teamEntrySchema.safeParse(change.correct);
    if (!parsed.success) return problem("invalid_input", firstTeamIssue(parsed.error));
    const offers = await tx.select().from(teamProducts).where(eq(teamProducts.teamId, team.id));
    const wrong = choiceProblem(team, offers, catalogue, parsed.data);
    if (wrong) return problem("invalid_input", wrong);
    const input = parsed.data;
    await tx.update(teamEntries).set(entryColumns(input)).where(eq(teamEntries.id, entry.id));
    return done({ message: `Corrected ${input.name}'s entry.` });
  });
}

/** The team's entries still to pay, in order; call inside the transaction that locks the team. */
export async function entriesToPay(tx: Database, teamId: string) {
  return tx
    .select()
    .from(teamEntries)
    .where(and(eq(teamEntries.teamId, teamId), toPaySql()))
    .orderBy(asc(teamEntries.createdAt), asc(teamEntries.id));
}

/** These entries now belong to the organiser's order (in the same locked transaction). */
export async function claimEntries(tx: Database, entryIds: readonly string[], orderId: string) {
  if (entryIds.length === 0) return;
  await tx
    .update(teamEntries)
    .set({ orderId })
    .where(and(inArray(teamEntries.id, [...entryIds]), toPaySql()));
}

/**
 * X-TEAM-7: when the organiser's order is paid, each member whose entry it paid for is told,
 * once (in the transaction that marks it paid; the dedupe key refuses a second copy).
 */
export async function mailMembersPaid(tx: Database, orderId: string) {
  const rows = await tx
    .select({ entry: teamEntries, team: teams })
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .where(eq(teamEntries.orderId, orderId));
  for (const { entry, team } of rows) {
    const choice = formatChoice({
      productId: entry.productId,
      optionType: entry.optionType,
      size: entry.size,
      beltRank: entry.beltRank ?? undefined,
      color: entry.color ?? undefined,
      printName: entry.printName ?? undefined,
    });
    await enqueueMail(
      tx,
      {
        to: entry.email,
        subject: `Your team kit is paid for: ${team.name}`,
        text: [
          `Hello ${entry.name},`,
          "",
          `${team.organiserName} has paid for the team's kit, yours included: ${choice}.`,
          `Printed on it: ${team.fixedText}${entry.printName ? ` and ${entry.printName}` : ""}.`,
          team.delivery === "together" && team.deliveryAddress
            ? `It will be sent with the team's order to ${team.deliveryAddress.replace(/\s*\r?\n\s*/g, ", ")}.`
            : "The organiser will get it to you.",
          "",
          "GRIP TRUTH",
        ].join("\n"),
      },
      { dedupeKey: `team-entry-paid:${entry.id}`, kind: "team-entry-paid", ref: entry.id },
    );
  }
}

/** The total of some entries at the team's prices, in words for the organiser's button. */
export const entriesTotal = (entries: readonly { pricePence: number }[]) =>
  entries.reduce((sum, entry) => sum + entry.pricePence, 0);
