import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recordAudit } from "~/security/audit.server";
import { formatPence } from "~/pricing/money";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import {
  addMonths,
  formatGiftCode,
  GIFT_CARD_MAX_PENCE,
  maskedGiftCode,
} from "~/shared/gift-cards";
import { done, problem, ProblemError, type Result } from "~/shared/problems";
import { type GiftCard, type GiftCardEvent, hashGiftCode, newGiftCode } from "./cards.server";
import { giftCardEvents, giftCards } from "./schema";

/** What the shop owes in unspent cards (X-GIFT-6): the balances of active cards not expired. */
export async function outstandingGiftCardPence(db: Database, today: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${giftCards.balancePence}), 0)::int` })
    .from(giftCards)
    .where(and(eq(giftCards.status, "active"), gte(giftCards.expiresOn, today)));
  return row?.total ?? 0;
}

export interface OwnerGiftCard extends GiftCard {
  history: GiftCardEvent[];
}

/** Every issued card, newest first, each with its history (X-GIFT-6). */
export async function listGiftCards(db: Database): Promise<OwnerGiftCard[]> {
  const cards = await db
    .select()
    .from(giftCards)
    .where(inArray(giftCards.status, ["active", "void"]))
    .orderBy(desc(giftCards.issuedAt))
    .limit(500);
  if (cards.length === 0) return [];
  const events = await db
    .select()
    .from(giftCardEvents)
    .where(
      inArray(
        giftCardEvents.cardId,
        cards.map((card) => card.id),
      ),
    )
    .orderBy(giftCardEvents.at);
  return cards.map((card) => ({
    ...card,
    history: events.filter((entry) => entry.cardId === card.id),
  }));
}

/**
 * A card issued by the owner without an order (a prize, goodwill; X-GIFT-6): active at once,
 * audited. Answers the card and its code, shown to the owner once.
 */
export async function issueGiftCardByHand(
  db: Database,
  input: {
    amountPence: number;
    recipientName: string;
    recipientEmail?: string;
    reason: string;
    actor: string;
    today: string;
    expiryMonths: number;
    now: Date;
  },
): Promise<{ card: GiftCard; code: string }> {
  const code = newGiftCode();
  const codeHash = await hashGiftCode(db, code);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .insert(giftCards)
      .values({
        codeHash,
        lastFour: code.slice(-4),
        status: "active",
        initialPence: input.amountPence,
        balancePence: input.amountPence,
        expiresOn: addMonths(input.today, input.expiryMonths),
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail || null,
        sendOn: input.today,
        issuedAt: input.now,
      })
      .returning();
    await tx.insert(giftCardEvents).values({
      cardId: card!.id,
      kind: "issued",
      amountPence: input.amountPence,
      reason: input.reason,
      actor: input.actor,
      at: input.now,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: "giftcard.issue",
      subject: `giftcard:${card!.lastFour}`,
      after: {
        amountPence: input.amountPence,
        recipientName: input.recipientName,
        reason: input.reason,
      },
    });
    return { card: card!, code: formatGiftCode(code) };
  });
}

/**
 * Voids a card, or sets its balance, with the owner's reason (X-GIFT-6); audited with the
 * balance before and after. A void card cannot be changed again.
 */
export async function changeGiftCard(
  db: Database,
  input: {
    id: string;
    change: { kind: "void" } | { kind: "adjust"; balancePence: number };
    reason: string;
    actor: string;
    now: Date;
  },
): Promise<GiftCard> {
  if (!/^[0-9a-f-]{36}$/i.test(input.id))
    throw new ProblemError("not_found", "There is no such gift card.");
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, input.id))
      .for("update");
    if (!card || (card.status !== "active" && card.status !== "void")) {
      throw new ProblemError("not_found", "There is no such gift card.");
    }
    if (card.status === "void")
      throw new ProblemError("conflict", "This gift card is already void.");
    const balance = input.change.kind === "void" ? 0 : input.change.balancePence;
    if (!Number.isSafeInteger(balance) || balance < 0 || balance > GIFT_CARD_MAX_PENCE * 4) {
      throw new ProblemError(
        "invalid_input",
        "Enter the new balance in pounds and pence, from £0.",
        {
          extra: { field: "balance" },
        },
      );
    }
    const [updated] = await tx
      .update(giftCards)
      .set({
        balancePence: balance,
        ...(input.change.kind === "void" ? { status: "void" as const } : {}),
      })
      .where(eq(giftCards.id, card.id))
      .returning();
    await tx.insert(giftCardEvents).values({
      cardId: card.id,
      kind: input.change.kind === "void" ? "voided" : "adjusted",
      amountPence: balance - card.balancePence,
      reason: input.reason,
      actor: input.actor,
      at: input.now,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: input.change.kind === "void" ? "giftcard.void" : "giftcard.adjust",
      subject: `giftcard:${card.lastFour}`,
      before: { balancePence: card.balancePence, status: card.status },
      after: { balancePence: balance, status: updated!.status, reason: input.reason },
    });
    return updated!;
  });
}

/**
 * The owner's page's forms (X-GIFT-6): `intent` issue (amount in pounds, recipient, reason),
 * void or adjust (card id, new balance for adjust, reason, and the confirmation box ticked).
 * Answers the sentence of what was done, and the new code once for a card issued by hand.
 */
export async function applyGiftCardForm(
  db: Database,
  form: FormData,
  actor: string,
  { today, expiryMonths, now }: { today: string; expiryMonths: number; now: Date },
): Promise<Result<{ message: string; code?: string }>> {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const wrong = (field: string, message: string) =>
    problem("invalid_input", message, { extra: { fieldErrors: { [field]: message } } });
  const reason = read("reason");
  if (!reason || reason.length > 300)
    return wrong("reason", "Give a reason (up to 300 characters).");
  const intent = read("intent");
  try {
    if (intent === "issue") {
      const pence = parsePoundsToPence(read("amount"));
      if (pence === undefined || pence < 100 || pence > GIFT_CARD_MAX_PENCE) {
        return wrong("amount", "Enter an amount from £1 to £250.");
      }
      const recipientName = read("recipientName");
      if (!recipientName || recipientName.length > 80) {
        return wrong("recipientName", "Enter who the card is for (up to 80 characters).");
      }
      const { card, code } = await issueGiftCardByHand(db, {
        amountPence: pence,
        recipientName,
        recipientEmail: read("recipientEmail") || undefined,
        reason,
        actor,
        today,
        expiryMonths,
        now,
      });
      return done({
        message: `Gift card ${maskedGiftCode(card.lastFour!)} issued for ${formatPence(pence)}. Its code, shown this once: ${code}`,
        code,
      });
    }
    if (intent !== "void" && intent !== "adjust")
      return problem("invalid_input", "Choose issue, void or adjust.");
    if (read("confirm") !== "yes") return wrong("confirm", "Tick the box to confirm the change.");
    const balance = intent === "adjust" ? parsePoundsToPence(read("balance")) : 0;
    if (balance === undefined)
      return wrong("balance", "Enter the new balance in pounds and pence, from £0.");
    const card = await changeGiftCard(db, {
      id: read("id"),
      change: intent === "void" ? { kind: "void" } : { kind: "adjust", balancePence: balance },
      reason,
      actor,
      now,
    });
    return done({
      message:
        intent === "void"
          ? `Gift card ${maskedGiftCode(card.lastFour!)} voided.`
          : `Gift card ${maskedGiftCode(card.lastFour!)} now holds ${formatPence(card.balancePence)}.`,
    });
  } catch (error) {
    if (error instanceof ProblemError) return error.problem;
    throw error;
  }
}

/** The owner's CSV of every card and the outstanding total (X-GIFT-6). */
export async function giftCardsCsv(db: Database, today: string): Promise<string> {
  const cards = await listGiftCards(db);
  const cell = (value: string | number | null) => {
    const text = value === null ? "" : String(value);
    // A cell a spreadsheet would run as a formula is quoted as text.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = [
    [
      "card",
      "status",
      "amount_pence",
      "balance_pence",
      "buyer",
      "recipient",
      "send_on",
      "expires_on",
    ],
    ...cards.map((card) => [
      maskedGiftCode(card.lastFour ?? ""),
      card.status,
      card.initialPence,
      card.balancePence,
      card.buyerEmail,
      card.recipientName,
      card.sendOn,
      card.expiresOn,
    ]),
    ["outstanding", "", "", await outstandingGiftCardPence(db, today), "", "", "", today],
  ];
  return rows.map((row) => row.map(cell).join(",")).join("\n") + "\n";
}
