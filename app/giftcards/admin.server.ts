import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recordAudit } from "~/security/audit.server";
import { addMonths, formatGiftCode, GIFT_CARD_MAX_PENCE } from "~/shared/gift-cards";
import { ProblemError } from "~/shared/problems";
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
    .where(inArray(giftCardEvents.cardId, cards.map((card) => card.id)))
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
      after: { amountPence: input.amountPence, recipientName: input.recipientName, reason: input.reason },
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
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw new ProblemError("not_found", "There is no such gift card.");
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, input.id)).for("update");
    if (!card || (card.status !== "active" && card.status !== "void")) {
      throw new ProblemError("not_found", "There is no such gift card.");
    }
    if (card.status === "void") throw new ProblemError("conflict", "This gift card is already void.");
    const balance = input.change.kind === "void" ? 0 : input.change.balancePence;
    if (!Number.isSafeInteger(balance) || balance < 0 || balance > GIFT_CARD_MAX_PENCE * 4) {
      throw new ProblemError("invalid_input", "Enter the new balance in pounds and pence, from £0.", {
        extra: { field: "balance" },
      });
    }
    const [updated] = await tx
      .update(giftCards)
      .set({ balancePence: balance, ...(input.change.kind === "void" ? { status: "void" as const } : {}) })
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
