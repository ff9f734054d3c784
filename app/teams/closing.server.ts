import { and, asc, eq, isNull, lte, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { noPendingTeamOrderSql } from "~/orders/team-orders.server";
import { teamProducts, teams } from "./schema";
import { entriesTotal, listEntries } from "./entries.server";
import { enqueueMail } from "~/mail/outbox.server";
import { notifyOwner, type OwnerNoticeSettings } from "~/mail/owner-notice.server";
import { readSettingsState } from "~/catalogue/editing/settings.server";
import { loadCatalogue } from "~/catalogue/store.server";
import { choiceDetails } from "~/catalogue/options";
import { formatPence } from "~/pricing/money";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import { productionSheet, sizeCounts, ukDateTimeInWords } from "./rules";
import { teamOrdersAndRoster } from "./teams.server";
import { TEAM_CLOSING_BATCH } from "~/shared/limits";

/**
 * X-TEAM-4: once a team store's closing time has passed, closes it and writes the summary
 * e-mail to the organiser and to the shop (its notices address, X-OWN-1) through the outbox, in the transaction
 * that marks the summary sent. The due teams are claimed with FOR UPDATE SKIP LOCKED and the
 * claim is conditional on no summary yet, so with any number of processes each summary is written
 * once (the outbox's dedupe keys would refuse a second copy too). Answers how many it closed.
 */
export async function closeDueTeams(
  db: Database,
  settings: OwnerNoticeSettings & OriginSettings,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(teams)
      .where(
        and(
          isNull(teams.summarySentAt),
          lte(teams.closesAt, now),
          ne(teams.status, "cancelled"),
          // A member who began paying before the closing time may still finish: the summary
          // waits until no checkout for the team is pending (each expires within
          // CHECKOUT_EXPIRY_MINUTES), so it names everyone who paid.
          noPendingTeamOrderSql(tx, teams.slug),
        ),
      )
      .orderBy(asc(teams.closesAt))
      .limit(TEAM_CLOSING_BATCH)
      .for("update", { skipLocked: true });
    let closed = 0;
    for (const team of due) {
      const [claimed] = await tx
        .update(teams)
        .set({
          summarySentAt: now,
          status: team.status === "open" ? "closed" : team.status,
          updatedAt: now,
        })
        .where(and(eq(teams.id, team.id), isNull(teams.summarySentAt)))
        .returning({ id: teams.id });
      if (!claimed) continue;
      const { orders, roster } = await teamOrdersAndRoster(tx, team.slug);
      // X-TEAM-7: every entry the organiser pays for, paid yet or not, read after the claim: an
      // entry takes the team's row FOR UPDATE, so none can slip in between.
      const entries =
        team.payment === "organiser"
          ? await listEntries(
              tx,
              team,
              await tx.select().from(teamProducts).where(eq(teamProducts.teamId, team.id)),
              // Issue 53: product names, never ids, in what the organiser and maker read.
              await loadCatalogue(tx, now.getTime()),
            )
          : [];
      const entryLines = entries.length
        ? [
            "",
            `Entries for you to pay for: ${entries.length}, ${formatPence(entriesTotal(entries))} at team prices (${entries.filter((e) => e.state === "paid").length} paid).`,
            ...entries.map(
              (entry) =>
                `- ${entry.name}: ${entry.productName} (${choiceDetails(entry).join(", ")})${entry.state === "paid" || entry.state === "refunded" ? `, ${entry.state} (${entry.orderNumber})` : ", to pay"}`,
            ),
          ]
        : [];
      const items = roster.reduce((sum, entry) => sum + (entry.quantity ?? 1), 0);
      const total = orders.reduce((sum, order) => sum + order.totalPence, 0);
      const minimum =
        team.minimumItems === null
          ? ""
          : items >= team.minimumItems
            ? `The minimum of ${team.minimumItems} items was reached.`
            : `The minimum of ${team.minimumItems} items was not reached (${items} ordered).`;
      const text = [
        `The team order "${team.name}" closed on ${ukDateTimeInWords(team.closesAt)} (UK time).`,
        "",
        `Members paid: ${orders.length}. Items: ${items}. Total paid: ${formatPence(total)}.`,
        minimum,
        "",
        "Sizes:",
        // Per product and option (issue 41).
        ...sizeCounts(roster).map(
          (group) =>
            `- ${group.productName} (${group.optionType}): ${group.sizes.map(({ size, count }) => `${size}: ${count}`).join(", ")}`,
        ),
        "",
        // X-DAY-7: grouped as the production sheet is, each with its colour and belt rank.
        `To make (printed on every item: ${team.fixedText}):`,
        ...productionSheet(roster).map(
          (group) =>
            `- ${group.productName} (${choiceDetails(group).join(", ")}): ${group.quantity}` +
            (group.names.some(Boolean)
              ? `; names: ${group.names.map((name) => name || "(none)").join(", ")}`
              : ""),
        ),
        "",
        "Who ordered:",
        ...roster.map(
          (entry) =>
            `- ${entry.memberName}: ${entry.productName ?? entry.productId} (${choiceDetails(entry).join(", ")}), ${entry.orderNumber}`,
        ),
        "",
        ...entryLines,
        "",
        `Printed on every item: ${team.fixedText}`,
      ]
        .filter((line, index, all) => line !== "" || all[index - 1] !== "")
        .join("\n");
      const subject = `Team order closed: ${team.name}`;
      await enqueueMail(
        tx,
        {
          to: team.organiserEmail,
          subject,
          text: `Hello ${team.organiserName},\n\n${text}\n\nGRIP TRUTH`,
        },
        { dedupeKey: `team-summary:${team.id}`, kind: "team-summary", ref: team.id },
      );
      await notifyOwner(
        tx,
        settings,
        (await readSettingsState(tx)).settings.seller,
        `team-summary:${team.id}`,
        {
          subject,
          text: `${text}\n\nThe batch: ${canonicalOrigin(settings)}/admin/teams/${team.slug}`,
        },
        team.id,
      );
      closed++;
    }
    return closed;
  });
}
