import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Catalogue } from "~/catalogue/catalogue";
import { findProduct } from "~/catalogue/catalogue";
import type { Database } from "~/db/database";
import { stockAlerts } from "./schema";
import { countMailToday, enqueueMail } from "~/mail/outbox.server";
import { lockForTransaction } from "~/db/locks.server";
import { TOKEN_PATTERNS } from "~/shared/tokens";
import { done, problem, type Result } from "~/shared/problems";
import {
  EMAIL_MAX,
  LINE_CHOICE_MAX,
  STOCK_ALERT_BATCH,
  STOCK_ALERT_CONFIRM_DAYS,
  STOCK_ALERT_MAILS_PER_DAY,
} from "~/shared/limits";
import { stockLevels } from "./stock.server";
import { isVariantOf, variantKey } from "./stock";

/**
 * Back-in-stock alerts (X-FIT-3, issue 37): a sold-out size offers "E-mail me when it's back".
 * Double opt-in: the request e-mails a confirm link and nothing is kept past 7 days without it.
 * When the owner restocks the variant, the `stock-alerts` job deletes each confirmed alert in the
 * transaction that queues its one e-mail (claimed with SKIP LOCKED, so two processes running the
 * job never send one twice), with a link to that size and an unsubscribe link, as every message
 * has.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
export const stockAlertSchema = z
  .object({
    productId: text(LINE_CHOICE_MAX.productId),
    optionType: text(LINE_CHOICE_MAX.optionType),
    size: text(LINE_CHOICE_MAX.size),
    color: z.string().trim().max(LINE_CHOICE_MAX.color).optional().default(""),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/),
  })
  .strict();

export type StockAlertInput = z.infer<typeof stockAlertSchema>;

/** The e-mail field's own message (issue 56). */
export const STOCK_ALERT_EMAIL_WRONG = "Enter an e-mail address like name@example.com.";

const WRONG_INPUT =
  "Please give the product, option, size (and colour, if it has one) and an e-mail address like name@example.com.";

/** The link to a size on its product page. */
export function sizeLink(
  origin: string,
  alert: Pick<StockAlertInput, "productId" | "optionType" | "size" | "color">,
) {
  const query = new URLSearchParams({ optionType: alert.optionType, size: alert.size });
  if (alert.color) query.set("color", alert.color);
  return `${origin}/product/${alert.productId}?${query}`;
}

function choiceWords(name: string, alert: Pick<StockAlertInput, "optionType" | "size" | "color">) {
  return `${name} (${alert.optionType}, size ${alert.size}${alert.color ? `, ${alert.color}` : ""})`;
}

/**
 * POST /api/stock-alerts and the product page's form: an unconfirmed alert for a sold-out variant
 * and its confirm e-mail (202). A size in stock or made to order is refused with a sentence.
 *
 * X-SEC-24: the address may be a stranger's, so what it is sent is counted from the outbox (what
 * was sent, not the alert's row, which a repeat refreshes): one confirmation a day for each size,
 * and at most STOCK_ALERT_MAILS_PER_DAY a day in all, counted under a lock on the address so
 * parallel requests queue. Asking again within them, or past them, gets the same answer and sends
 * nothing (the link already sent keeps working); one already confirmed stays as it is.
 */
export async function requestStockAlert(
  db: Database,
  catalogue: Catalogue,
  body: unknown,
  origin: string,
): Promise<Result<{ message: string }>> {
  const parsed = stockAlertSchema.safeParse(body);
  if (!parsed.success) {
    // The e-mail named at its field when it is what is wrong (issue 56, X-A11Y-2).
    const emailWrong = parsed.error.issues.some((issue) => issue.path[0] === "email");
    return problem(
      "invalid_input",
      WRONG_INPUT,
      emailWrong ? { extra: { fieldErrors: { email: STOCK_ALERT_EMAIL_WRONG } } } : {},
    );
  }
  const alert = { ...parsed.data, email: parsed.data.email.toLowerCase() };
  const product = findProduct(catalogue, alert.productId);
  if (!product) return problem("not_found", "There is no product with that id.");
  if (!isVariantOf(product, alert)) {
    return problem(
      "invalid_input",
      `${product.name} is not sold as ${alert.optionType} in size ${alert.size}${alert.color ? ` in ${alert.color}` : ""}.`,
    );
  }
  const left = (await stockLevels(db, [product.id]))[variantKey(alert)];
  if (left === undefined) {
    return problem(
      "conflict",
      `${choiceWords(product.name, alert)} is made to order: you can order it now.`,
    );
  }
  if (left > 0) {
    return problem(
      "conflict",
      `${choiceWords(product.name, alert)} is in stock now: you can order it.`,
    );
  }
  const ref = variantKey(alert);
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, "stockAlertMail", alert.email);
    const sent = await countMailToday(tx, alert.email, CONFIRM_KIND, ref);
    if (sent.aboutRef > 0 || sent.all >= STOCK_ALERT_MAILS_PER_DAY) return;
    const token = randomBytes(24).toString("base64url");
    const [row] = await tx
      .insert(stockAlerts)
      .values({ ...alert, token })
      .onConflictDoUpdate({
        target: [
          stockAlerts.productId,
          stockAlerts.optionType,
          stockAlerts.size,
          stockAlerts.color,
          stockAlerts.email,
        ],
        // A fresh link for one still waiting for its confirmation; a confirmed one keeps its own.
        set: {
          token: sql`CASE WHEN ${stockAlerts.confirmedAt} IS NULL THEN excluded.token ELSE ${stockAlerts.token} END`,
          createdAt: sql`CASE WHEN ${stockAlerts.confirmedAt} IS NULL THEN now() ELSE ${stockAlerts.createdAt} END`,
        },
      })
      .returning({ token: stockAlerts.token, confirmedAt: stockAlerts.confirmedAt });
    if (!row || row.confirmedAt) return;
    await enqueueMail(
      tx,
      {
        to: alert.email,
        subject: `Confirm: e-mail me when ${product.name} is back`,
        text: [
          `You asked us to e-mail you when ${choiceWords(product.name, alert)} is back in stock.`,
          "",
          `Confirm it here (the link works for ${STOCK_ALERT_CONFIRM_DAYS} days):`,
          `${origin}/stock-alerts/confirm/${row.token}`,
          "",
          `If this was not you, do nothing: without the confirmation we keep nothing after ${STOCK_ALERT_CONFIRM_DAYS} days, and we send at most one such e-mail a day.`,
          `Unsubscribe: ${origin}/stock-alerts/unsubscribe/${row.token}`,
        ].join("\n"),
      },
      { dedupeKey: `stock-alert-confirm:${row.token}`, kind: CONFIRM_KIND, ref },
    );
  });
  // The same answer whether or not an e-mail went: it says nothing about the address.
  return done({
    message: `Thanks: we've e-mailed ${alert.email} a link to confirm (at most one a day for each size). We'll write once, when it is back.`,
  });
}

const CONFIRM_KIND = "stock-alert-confirm";

/** X-SEC-27: a link's token as the shop makes it; anything else is never looked up. */
const isAlertToken = (token: string) => TOKEN_PATTERNS.stockAlert.test(token);

const cutoff = (now: Date) => new Date(now.getTime() - STOCK_ALERT_CONFIRM_DAYS * 86_400_000);

/**
 * The confirm link's button (a POST from its page, X-SEC-24: a mail scanner's GET confirms
 * nothing): the alert is kept until the restock (or the unsubscribe link).
 */
export async function confirmStockAlert(
  db: Database,
  token: string,
  now: Date,
): Promise<Result<{ productId: string; optionType: string; size: string; color: string }>> {
  const [row] = !isAlertToken(token)
    ? []
    : await db
        .update(stockAlerts)
        .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
        .where(
          and(
            eq(stockAlerts.token, token),
            sql`(${stockAlerts.confirmedAt} IS NOT NULL OR ${stockAlerts.createdAt} >= ${cutoff(now)})`,
          ),
        )
        .returning();
  if (!row) {
    return problem("link_expired", EXPIRED);
  }
  return done({
    productId: row.productId,
    optionType: row.optionType,
    size: row.size,
    color: row.color,
  });
}

/**
 * The confirm link's page (GET): which alert the link is for, changing nothing; `link_expired`
 * as the confirmation would say it.
 */
export async function describeStockAlert(
  db: Database,
  token: string,
  now: Date,
): Promise<
  Result<{ productId: string; optionType: string; size: string; color: string; confirmed: boolean }>
> {
  const [row] = !isAlertToken(token)
    ? []
    : await db
        .select()
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.token, token),
            sql`(${stockAlerts.confirmedAt} IS NOT NULL OR ${stockAlerts.createdAt} >= ${cutoff(now)})`,
          ),
        );
  if (!row) return problem("link_expired", EXPIRED);
  return done({
    productId: row.productId,
    optionType: row.optionType,
    size: row.size,
    color: row.color,
    confirmed: row.confirmedAt !== null,
  });
}

const EXPIRED =
  "This link has expired or was used to unsubscribe. Ask again on the product's page.";

/** The unsubscribe link's form: the alert is gone. Answers whether there was one. */
export async function unsubscribeStockAlert(db: Database, token: string): Promise<boolean> {
  if (!isAlertToken(token)) return false;
  const gone = await db
    .delete(stockAlerts)
    .where(eq(stockAlerts.token, token))
    .returning({ id: stockAlerts.id });
  return gone.length > 0;
}

/** Deletes alerts never confirmed within 7 days (nothing is kept without the opt-in). */
export async function purgeUnconfirmedAlerts(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(stockAlerts)
    .where(and(isNull(stockAlerts.confirmedAt), lt(stockAlerts.createdAt, cutoff(now))))
    .returning({ id: stockAlerts.id });
  return gone.length;
}

/**
 * The `stock-alerts` job: each confirmed alert whose variant has stock again gets its one e-mail,
 * and is deleted in the same transaction. Rows are claimed FOR UPDATE SKIP LOCKED, so processes
 * running this at once share the work and never send one twice. Answers how many were sent.
 */
export async function sendRestockAlerts(
  db: Database,
  catalogue: Catalogue,
  origin: string,
  batch: number = STOCK_ALERT_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    type Row = {
      id: string;
      product_id: string;
      option_type: string;
      size: string;
      color: string;
      email: string;
      token: string;
    };
    const answer = (await tx.execute(sql`
      DELETE FROM stock_alerts WHERE id IN (
        SELECT a.id FROM stock_alerts a
        JOIN variant_stock v ON v.product_id = a.product_id AND v.option_type = a.option_type
          AND v.size = a.size AND v.color = a.color
        WHERE a.confirmed_at IS NOT NULL AND v.quantity > 0
        ORDER BY a.created_at
        LIMIT ${batch}
        FOR UPDATE OF a SKIP LOCKED
      )
      RETURNING id, product_id, option_type, size, color, email, token`)) as { rows: Row[] };
    const list = answer.rows;
    for (const row of list) {
      const alert = {
        productId: row.product_id,
        optionType: row.option_type,
        size: row.size,
        color: row.color,
      };
      const name = catalogue.all.get(alert.productId)?.name ?? alert.productId;
      await enqueueMail(
        tx,
        {
          to: row.email,
          subject: `Back in stock: ${name}, size ${alert.size}`,
          text: [
            `${choiceWords(name, alert)} is back in stock.`,
            "",
            `Choose it here: ${sizeLink(origin, alert)}`,
            "",
            "This was the one e-mail you asked for; we won't write about it again.",
            `Unsubscribe: ${origin}/stock-alerts/unsubscribe/${row.token}`,
          ].join("\n"),
        },
        { dedupeKey: `stock-alert:${row.id}`, kind: "stock-alert" },
      );
    }
    return list.length;
  });
}

/** Confirmed alerts waiting, by variant key (the owner's stock page). */
export async function waitingAlertCounts(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({
      productId: stockAlerts.productId,
      optionType: stockAlerts.optionType,
      size: stockAlerts.size,
      color: stockAlerts.color,
      count: sql<number>`count(*)::int`,
    })
    .from(stockAlerts)
    .where(sql`${stockAlerts.confirmedAt} IS NOT NULL`)
    .groupBy(stockAlerts.productId, stockAlerts.optionType, stockAlerts.size, stockAlerts.color);
  return Object.fromEntries(rows.map((row) => [variantKey(row), Number(row.count)]));
}
