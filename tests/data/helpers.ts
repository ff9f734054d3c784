import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { testShop } from "./shop";
import { dbContext } from "~/db/context.server";
import { rateLimitContext, type RateLimitStore, windowEnd } from "~/security/rate-limit.server";
import { requestContext as shopContext } from "~/server/shop.server";
import { outboxDir } from "~/mail/mailer.server";
import { deliverDueMail } from "~/mail/outbox.server";
import { recordConfirmationSent } from "~/flows/fulfilment/fulfil.server";

let rateLimitsForCalls: RateLimitStore | undefined;

/**
 * From now on, the requests `call` makes count their limits in `store` (undefined: the shop's
 * own store again). A limit test with many requests uses `frozenWindow()`, so that the minute
 * the database's store counts in cannot end half-way through it.
 */
export function countLimitsIn(store: RateLimitStore | undefined): void {
  rateLimitsForCalls = store;
}

/** A rate-limit store whose window never ends: it counts each key's hits in memory. */
export function frozenWindow(): RateLimitStore {
  const counts = new Map<string, number>();
  return {
    async hit(key, windowMs) {
      const count = (counts.get(`${key}:${windowMs}`) ?? 0) + 1;
      counts.set(`${key}:${windowMs}`, count);
      return { count, resetAt: Date.now() + windowMs };
    },
  };
}

/**
 * Resolves when the fixed window of `windowMs` that the stores count in (aligned to the epoch,
 * app/security/rate-limit.server.ts `windowEnd`) has at least `needMs` left, so that a test
 * counting real hits against a limit cannot see the window end half-way through.
 */
export async function roomInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = () => windowEnd(Date.now(), windowMs) - Date.now();
  while (left() < needMs) await new Promise((resolve) => setTimeout(resolve, left() + 5));
}

/** A request context as the server program makes it (app/server/shop.server.ts) from this
 *  file's shop; `db` stands in for another process's database where a test needs one. */
export async function requestContext(db?: Database): Promise<RouterContextProvider> {
  const context = shopContext(await testShop());
  if (db) context.set(dbContext, db);
  if (rateLimitsForCalls) context.set(rateLimitContext, rateLimitsForCalls);
  return context;
}

type Handler = (args: never) => unknown;

/**
 * Calls a route's action or loader with a real Request, as React Router would, with the test's
 * database handed in through the request context (the test file's own, unless `db` is given).
 */
export async function call(
  handler: Handler,
  url: string,
  init?: RequestInit,
  params: Record<string, string> = {},
  db?: Database,
): Promise<Response> {
  const request = new Request(new URL(url, "http://shop.test"), init);
  const context = await requestContext(db);
  let result: unknown;
  try {
    result = await (handler as (args: unknown) => Promise<unknown>)({
      request,
      params,
      context,
      url: new URL(request.url),
    });
  } catch (thrown) {
    // A thrown Response (a redirect, a refusal) is what React Router sends as it is.
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  // Page loaders and actions answer data() or a plain object: turn them into what the client gets.
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result);
}

/** The sandbox payment page's form, filled in with a UK address and Stripe's test card. */
export function paymentForm(over: Record<string, string> = {}): FormData {
  const fields: Record<string, string> = {
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.com",
    phone: "07700 900123",
    address: "1 Beach Road",
    city: "Redcar",
    postcode: "ts10 1aa",
    country: "United Kingdom",
    sameAsShipping: "on",
    cardNumber: "4242 4242 4242 4242",
    cardName: "ANA SILVA",
    expiryDate: "12/35",
    cvv: "123",
    ...over,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/**
 * The receipt cookie a checkout's answer set (X-SEC-20), as the browser sends it back: only the
 * browser that opened a checkout is answered by verify-order and the confirmation page.
 */
export function receiptOf(response: Response): string {
  const match = /gt_receipt=[^;,]+/.exec(response.headers.get("set-cookie") ?? "");
  if (!match) throw new Error("The checkout's answer set no receipt cookie.");
  return match[0];
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** Sends what is due in the outbox now, as the background worker would (X-SCALE-4). */
export async function deliverMail(db?: Database): Promise<void> {
  const shop = await testShop();
  const database = db ?? shop.connection.db;
  const claimMs = shop.settings.OUTBOX_CLAIM_SECONDS * 1000;
  while (
    (await deliverDueMail(database, shop.mailer, { claimMs, onSent: recordConfirmationSent })) > 0
  ) {
    // until nothing is due
  }
}

/** The .eml files in DATA_DIR/outbox, after the outbox has sent what was due. */
export async function outbox(): Promise<{ file: string; text: string }[]> {
  await deliverMail();
  const dir = outboxDir((await testShop()).settings);
  const files = await readdir(dir).catch(() => []);
  return Promise.all(
    files
      .filter((f) => f.endsWith(".eml"))
      .map(async (f) => ({ file: f, text: await readFile(path.join(dir, f), "utf8") })),
  );
}

/** The readable text of an .eml written by nodemailer (quoted-printable decoded). */
export function decodeMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}
