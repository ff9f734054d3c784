import { createHmac, randomInt } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { storedSecret } from "~/security/secrets.server";
import { done, problem, ProblemError, type Result } from "~/shared/problems";
import {
  addMonths,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  GIFT_CODE_REFUSED,
  type GiftCardChoice,
  normaliseGiftCode,
} from "~/shared/gift-cards";
import { giftCardEvents, giftCardHolds, giftCards, type GiftEventKind } from "./schema";

export type GiftCard = typeof giftCards.$inferSelect;
export type GiftCardEvent = typeof giftCardEvents.$inferSelect;

/** The name of the stored key the codes' hashes are made with. */
const CODE_KEY = "gift-card-codes";

/** A new code: 16 characters from the alphabet without look-alikes, from a secure source. */
export function newGiftCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CODE_LENGTH; i += 1) {
    code += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  }
  return code;
}

/** The keyed hash a code is stored as (X-GIFT-2); the code itself is never stored. */
export async function hashGiftCode(db: Database, code: string): Promise<string> {
  const key = await storedSecret(db, CODE_KEY);
  return createHmac("sha256", key).update(code).digest("base64url");
}

/** A code refused at checkout or in the balance check: one sentence whatever the reason. */
export class GiftCardRefusedError extends ProblemError {
  constructor() {
    super("invalid_input", GIFT_CODE_REFUSED, { extra: { field: "giftCards" } });
    this.name = "GiftCardRefusedError";
  }
}

/** True when the card can pay today: active and not past its last day. */
export function isSpendable(card: GiftCard, today: string): boolean {
  return card.status === "active" && card.expiresOn !== null && card.expiresOn >= today;
}

async function event(
  tx: Database,
  cardId: string,
  kind: GiftEventKind,
  at: Date,
  more: {
    amountPence?: number;
    orderId?: string;
    orderNumber?: string;
    reason?: string;
    actor?: string;
  } = {},
) {
  await tx.insert(giftCardEvents).values({ cardId, kind, at, ...more });
}

/** What the open checkouts hold of a card. */
async function heldPence(tx: Database, cardId: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${giftCardHolds.amountPence}), 0)::int` })
    .from(giftCardHolds)
    .where(and(eq(giftCardHolds.cardId, cardId), eq(giftCardHolds.status, "held")));
  return row?.held ?? 0;
}

/** The card a typed code names, or undefined; the hash is made whether or not it matches. */
async function cardOfCode(
  tx: Database,
  typed: string,
  lock: boolean,
): Promise<GiftCard | undefined> {
  const code = normaliseGiftCode(typed);
  // Hashed either way, so a malformed code takes the time a real one does.
  const hash = await hashGiftCode(tx, code ?? typed);
  const query = tx.select().from(giftCards).where(eq(giftCards.codeHash, hash)).limit(1);
  const [card] = lock ? await query.for("update") : await query;
  return code ? card : undefined;
}

/**
 * The balance check (X-GIFT-4): what a code can still spend (its balance less what open
 * checkouts hold) and its last day; never who bought it. Undefined for a code that cannot pay.
 */
export async function giftCardBalance(
  db: Database,
  typed: string,
  today: string,
): Promise<{ balancePence: number; expiresOn: string } | undefined> {
  const card = await cardOfCode(db, typed, false);
  if (!card || !isSpendable(card, today)) return undefined;
  return {
    balancePence: Math.max(0, card.balancePence - (await heldPence(db, card.id))),
    expiresOn: card.expiresOn!,
  };
}

/**
 * Holds what the cards can pay of `payablePence` for an order being stored (X-GIFT-3), in that
 * order's transaction: each card's row is locked, so a second checkout waits and then sees the
 * first one's hold. A code that cannot pay (unknown, used up, held in full, expired, void) throws
 * GiftCardRefusedError, and the transaction stores nothing. Answers the pence held.
 */
export async function holdGiftCards(
  tx: Database,
  input: { orderId: string; codes: readonly string[]; payablePence: number; today: string },
): Promise<number> {
  // X-GIFT-1: gift cards cannot buy gift cards (said whatever the codes are).
  if (input.payablePence <= 0) {
    throw new ProblemError(
      "invalid_input",
      "Gift cards cannot pay for gift cards: please pay for them by card.",
      {
        extra: { field: "giftCards" },
      },
    );
  }
  let left = input.payablePence;
  const seen = new Set<string>();
  for (const typed of input.codes) {
    const card = await cardOfCode(tx, typed, true);
    if (!card || seen.has(card.id) || !isSpendable(card, input.today)) {
      throw new GiftCardRefusedError();
    }
    seen.add(card.id);
    const available = card.balancePence - (await heldPence(tx, card.id));
    if (available <= 0) throw new GiftCardRefusedError();
    const amount = Math.min(available, left);
    if (amount <= 0) continue;
    await tx
      .insert(giftCardHolds)
      .values({ cardId: card.id, orderId: input.orderId, amountPence: amount });
    left -= amount;
  }
  return input.payablePence - left;
}

/** Gives back what a cancelled or expired order held (X-GIFT-3), in the transaction that ends it. */
export async function releaseGiftCardHolds(tx: Database, orderId: string): Promise<void> {
  await tx
    .update(giftCardHolds)
    .set({ status: "released" })
    .where(and(eq(giftCardHolds.orderId, orderId), eq(giftCardHolds.status, "held")));
  // A card bought on an order that was never paid is never issued.
  await tx
    .update(giftCards)
    .set({ status: "cancelled" })
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.status, "pending")));
}

/**
 * Takes what a paid order held off its cards' balances, in the transaction that marks it paid
 * (X-GIFT-3). The holds kept those pounds from every other checkout, so the balance covers them.
 */
export async function captureGiftCardHolds(
  tx: Database,
  order: { id: string; orderNumber: string },
  now: Date,
): Promise<void> {
  const holds = await tx
    .update(giftCardHolds)
    .set({ status: "captured" })
    .where(and(eq(giftCardHolds.orderId, order.id), eq(giftCardHolds.status, "held")))
    .returning();
  for (const hold of holds) {
    await tx
      .update(giftCards)
      .set({ balancePence: sql`${giftCards.balancePence} - ${hold.amountPence}` })
      .where(eq(giftCards.id, hold.cardId));
    await event(tx, hold.cardId, "spent", now, {
      amountPence: -hold.amountPence,
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
  }
}

/** What an order's gift cards paid and have not been given back: the card tender (X-GIFT-5). */
export async function giftCardTenderOf(
  db: Database,
  orderId: string,
): Promise<{
  paidPence: number;
  refundedPence: number;
  cards: { lastFour: string; pence: number }[];
}> {
  const rows = await db
    .select({ hold: giftCardHolds, lastFour: giftCards.lastFour })
    .from(giftCardHolds)
    .innerJoin(giftCards, eq(giftCards.id, giftCardHolds.cardId))
    .where(and(eq(giftCardHolds.orderId, orderId), eq(giftCardHolds.status, "captured")))
    .orderBy(asc(giftCardHolds.createdAt));
  return {
    paidPence: rows.reduce((sum, row) => sum + row.hold.amountPence, 0),
    refundedPence: rows.reduce((sum, row) => sum + row.hold.refundedPence, 0),
    cards: rows.map((row) => ({ lastFour: row.lastFour ?? "", pence: row.hold.amountPence })),
  };
}

/**
 * Gives up to `pence` of a refund back to the cards that paid the order (X-GIFT-5), each at most
 * what it paid less what it had back; in the refund's transaction. Answers the pence given back.
 */
export async function refundToGiftCards(
  tx: Database,
  order: { id: string; orderNumber: string },
  pence: number,
  now: Date,
): Promise<number> {
  let left = pence;
  const holds = await tx
    .select()
    .from(giftCardHolds)
    .where(and(eq(giftCardHolds.orderId, order.id), eq(giftCardHolds.status, "captured")))
    .orderBy(asc(giftCardHolds.createdAt))
    .for("update");
  for (const hold of holds) {
    const back = Math.min(left, hold.amountPence - hold.refundedPence);
    if (back <= 0) continue;
    await tx
      .update(giftCardHolds)
      .set({ refundedPence: hold.refundedPence + back })
      .where(eq(giftCardHolds.id, hold.id));
    await tx
      .update(giftCards)
      .set({ balancePence: sql`${giftCards.balancePence} + ${back}` })
      .where(eq(giftCards.id, hold.cardId));
    await event(tx, hold.cardId, "refunded", now, {
      amountPence: back,
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    left -= back;
  }
  return pence - left;
}

/** Stores an order's gift card lines as cards to issue when it is paid, in its transaction. */
export async function addPendingGiftCards(
  tx: Database,
  orderId: string,
  lines: readonly { position: number; choice: GiftCardChoice }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(giftCards).values(
    lines.map(({ position, choice }) => ({
      status: "pending" as const,
      initialPence: choice.amountPence,
      balancePence: choice.amountPence,
      orderId,
      orderLinePosition: position,
      recipientName: choice.recipientName,
      recipientEmail: choice.recipientEmail,
      message: choice.message ?? null,
      sendOn: choice.sendOn ?? null,
    })),
  );
}

export interface IssuedCard {
  card: GiftCard;
  /** The code in clear: handed to the e-mail that carries it, never stored here. */
  code: string;
}

/**
 * Issues the cards bought on an order that is now paid (X-GIFT-2), in the transaction that marks
 * it paid: each gets its code (only the hash and last four are kept), its expiry and the buyer.
 */
export async function issueGiftCardsOfOrder(
  tx: Database,
  order: { id: string; orderNumber: string; customerEmail: string | null },
  { today, expiryMonths, now }: { today: string; expiryMonths: number; now: Date },
): Promise<IssuedCard[]> {
  const pending = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, order.id), eq(giftCards.status, "pending")))
    .orderBy(asc(giftCards.orderLinePosition))
    .for("update");
  const issued: IssuedCard[] = [];
  for (const card of pending) {
    const code = newGiftCode();
    const [updated] = await tx
      .update(giftCards)
      .set({
        status: "active",
        codeHash: await hashGiftCode(tx, code),
        lastFour: code.slice(-4),
        expiresOn: addMonths(today, expiryMonths),
        buyerEmail: order.customerEmail,
        sendOn: card.sendOn ?? today,
        issuedAt: now,
      })
      .where(eq(giftCards.id, card.id))
      .returning();
    await event(tx, card.id, "issued", now, {
      amountPence: card.initialPence,
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    issued.push({ card: updated!, code });
  }
  return issued;
}

/** The cards bought on an order (any state), in line order: the receipt's list. */
export async function giftCardsOfOrder(db: Database, orderId: string): Promise<GiftCard[]> {
  return db
    .select()
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
    .orderBy(asc(giftCards.orderLinePosition));
}

/** The outbox hook: the card records when its e-mail actually left, once (X-GIFT-2). */
export async function recordGiftCardSent(tx: Database, cardId: string): Promise<void> {
  const [sent] = await tx
    .update(giftCards)
    .set({ sentAt: sql`now()` })
    .where(and(eq(giftCards.id, cardId), sql`${giftCards.sentAt} IS NULL`))
    .returning({ id: giftCards.id, sentAt: giftCards.sentAt });
  if (sent) await event(tx, cardId, "sent", sent.sentAt!);
}

/**
 * What of the cards bought on an order has been spent (spending less what refunds gave back, per
 * the cards' history): money the buyer has had the use of, so a refund of that purchase cannot
 * give it back too (X-GIFT-5). Also what those cards still hold (active or not yet issued).
 */
export async function cardsBoughtOnOrder(
  tx: Database,
  orderId: string,
): Promise<{ spentPence: number; unspentPence: number }> {
  const [spent] = await tx
    .select({ pence: sql<number>`coalesce(-sum(${giftCardEvents.amountPence}), 0)::int` })
    .from(giftCardEvents)
    .innerJoin(giftCards, eq(giftCards.id, giftCardEvents.cardId))
    .where(
      and(eq(giftCards.orderId, orderId), inArray(giftCardEvents.kind, ["spent", "refunded"])),
    );
  const [unspent] = await tx
    .select({ pence: sql<number>`coalesce(sum(${giftCards.balancePence}), 0)::int` })
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), inArray(giftCards.status, ["active", "pending"])));
  return {
    spentPence: Math.max(0, Number(spent?.pence ?? 0)),
    unspentPence: Number(unspent?.pence ?? 0),
  };
}

/**
 * A refunded purchase (X-GIFT-5): the card bought on the order is voided with what it still holds,
 * and answers what of it was unspent (what the purchase's refund may give back).
 */
export async function voidGiftCardsOfOrder(
  tx: Database,
  orderId: string,
  now: Date,
  actor: string,
): Promise<number> {
  const cards = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), inArray(giftCards.status, ["active", "pending"])))
    .for("update");
  let unspent = 0;
  for (const card of cards) {
    unspent += card.balancePence;
    await tx
      .update(giftCards)
      .set({ status: "void", balancePence: 0 })
      .where(eq(giftCards.id, card.id));
    await event(tx, card.id, "voided", now, {
      amountPence: -card.balancePence,
      orderId,
      reason: "The gift card purchase was refunded.",
      actor,
    });
  }
  return unspent;
}

/**
 * POST /api/gift-cards/balance {code} and the /gift-cards/balance form (X-GIFT-4): what the card
 * can spend and its last day, never who bought it; one sentence (and status) for any code that
 * cannot pay, whether it exists or not.
 */
export async function checkGiftCardBalance(
  db: Database,
  code: unknown,
  today: string,
): Promise<Result<{ balance_pence: number; expires_on: string }>> {
  if (typeof code !== "string" || code.length > 40 || !code.trim()) {
    return problem("invalid_input", "Enter the gift card's code, like XXXX-XXXX-XXXX-XXXX.", {
      extra: { field: "code" },
    });
  }
  const found = await giftCardBalance(db, code, today);
  if (!found) return problem("not_found", GIFT_CODE_REFUSED);
  return done({ balance_pence: found.balancePence, expires_on: found.expiresOn });
}
