import { data, type RouterContextProvider } from "react-router";
import { type Done, type Problem, ProblemError, type ProblemKind } from "~/shared/problems";
import { logError } from "./log.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import type { Database } from "~/db/database";
import { ownerGateFrom, type SignedInOwner } from "./owner-gate.server";
import { type RateLimit, rateLimitStoreFrom, takeRateLimit } from "./rate-limit.server";
import { clientAddress, isSameOrigin } from "./request.server";

/**
 * The one edge every action and API route goes through (X-SEC; README, Security): a route
 * declares what it needs (methods, same-origin, the kind and size of its body, a rate limit,
 * no-store), the edge enforces it in that order, and the feature code gets a parsed body and
 * returns an outcome, which the edge turns into a response. Refusals are `{error}` with a 4xx,
 * never a 5xx.
 */

export type BodyNeed =
  | { kind: "none" }
  | {
      kind: "json" | "form" | "multipart" | "raw";
      /** Bytes; counted while the body streams, so a chunked body is refused at the limit. */
      limit: number;
      /** Said with the 413. */
      tooLarge?: string;
    };

export interface EdgeNeeds<B extends BodyNeed = BodyNeed> {
  /** Methods answered; any other gets 405. */
  methods?: readonly ("POST" | "PUT" | "PATCH" | "DELETE")[];
  /** Refuse cross-site requests (every state change does; a webhook signed by its sender does not). */
  sameOrigin: boolean;
  /** The message for a cross-site request. */
  crossSite?: string;
  body: B;
  rateLimit?: RateLimit;
  /** `Cache-Control: no-store` on every answer (order or personal data). */
  noStore?: boolean;
  /**
   * Only for a signed-in owner (X-OPS-1): without a session the JSON API answers 401 and a page
   * redirects to the login; the handler gets the owner.
   */
  owner?: "api" | "page";
}

type BodyOf<B extends BodyNeed> = B extends { kind: "json" }
  ? unknown
  : B extends { kind: "form" | "multipart" }
    ? FormData
    : B extends { kind: "raw" }
      ? string
      : undefined;

export type Refusal = {
  ok: false;
  status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;
  error: string;
  headers?: HeadersInit;
  /** More fields beside `error` (e.g. `fieldErrors`, `success: false`). */
  extra?: Record<string, unknown>;
};

export type Outcome<T = unknown> =
  | { ok: true; status?: 200 | 201 | 202; data: T; headers?: HeadersInit }
  | Done<T>
  | Refusal
  | Problem;

/**
 * The one table from a problem's kind to its HTTP status (issue 34, X-ORD-4): capabilities and
 * flows name the problem (`shared/problems.ts`), the edge alone picks the status. A problem's
 * `retryAfter` is said as Retry-After.
 */
export const PROBLEM_STATUS: Record<ProblemKind, Refusal["status"]> = {
  invalid_input: 400,
  not_signed_in: 401,
  not_allowed: 403,
  not_found: 404,
  payment_declined: 402,
  conflict: 409,
  already_done: 409,
  already_exists: 409,
  already_refunded: 409,
  out_of_stock: 409,
  used_up: 409,
  link_expired: 410,
  too_large: 413,
  unsupported_type: 415,
  unreadable: 422,
  not_genuine: 422,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
};

/** A returned or thrown problem as the edge answers it: its status, headers and body. */
export function refusalOf(found: Problem | ProblemError): Refusal {
  const { kind, message, extra, retryAfter, cookie } =
    found instanceof ProblemError ? found.problem : found;
  const headers: Record<string, string> = {};
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  if (cookie !== undefined) headers["Set-Cookie"] = cookie;
  return {
    ok: false,
    status: PROBLEM_STATUS[kind],
    error: message,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(extra ? { extra } : {}),
  };
}

type Answer<T> = { ok: true; status?: 200 | 201 | 202; data: T; headers?: HeadersInit } | Refusal;

/** The status the edge answers a problem with. */
export function statusOf(found: Problem): Refusal["status"] {
  return PROBLEM_STATUS[found.kind];
}

/** Any outcome in the edge's own terms: a problem becomes its refusal, `created` a 201. */
export function answerOf<T>(outcome: Outcome<T>): Answer<T> {
  if (!outcome.ok) return "kind" in outcome ? refusalOf(outcome) : outcome;
  if ("status" in outcome || "headers" in outcome) return outcome as Answer<T>;
  const { created, cookie } = outcome as Done<T>;
  return {
    ok: true,
    status: created ? 201 : 200,
    data: outcome.data,
    headers: cookie === undefined ? undefined : { "Set-Cookie": cookie },
  };
}

/** Runs a handler; a thrown ProblemError is answered as the problem it carries. */
async function answering<T>(work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError) return refusalOf(error);
    throw error;
  }
}

export function refuse(
  status: Refusal["status"],
  error: string,
  more: Omit<Refusal, "ok" | "status" | "error"> = {},
): Refusal {
  return { ok: false, status, error, ...more };
}

export function success<T>(value: T, status: 200 | 201 | 202 = 200, headers?: HeadersInit) {
  return { ok: true as const, status, data: value, headers };
}

export interface EdgeInput<B> {
  request: Request;
  params: Record<string, string | undefined>;
  body: B;
  /** The client's address, as the server established it. */
  address: string;
  /** The request's database, handed in through React Router's context (X-SCALE-2). */
  db: Database;
  /** The signed-in owner, when the route declared `owner`. */
  owner: SignedInOwner | undefined;
  /** The request's context, for what a handler needs beyond the database (owner sessions). */
  context: Readonly<RouterContextProvider>;
}

/** Marks a handler made by the edge, so a test can check that every route uses it. */
export const EDGE = Symbol.for("grip-truth.edge");

const TOO_LARGE = "The request is too large.";
const CROSS_SITE = "This request must come from the shop's own pages.";

const MEDIA: Record<Exclude<BodyNeed["kind"], "none" | "raw">, (type: string) => boolean> = {
  json: (type) => type === "application/json" || type.endsWith("+json"),
  form: (type) => type === "application/x-www-form-urlencoded" || type === "multipart/form-data",
  multipart: (type) => type === "multipart/form-data",
};
const MEDIA_HELP: Record<keyof typeof MEDIA, string> = {
  json: "Send the body as JSON (Content-Type: application/json).",
  form: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  multipart: "Send the upload as multipart/form-data.",
};

/**
 * Reads at most `limit` bytes, counting while the body streams. Past the limit it stops reading
 * at once and leaves the rest unread (the HTTP edge, app/server/http.server.ts, discards it as it arrives);
 * cancelling the stream would destroy the socket before the 413 could be sent.
 */
export async function readLimited(
  request: Request,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; tooLarge: boolean }> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > limit) return { ok: false, tooLarge: true };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        reader.releaseLock();
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, tooLarge: false };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

async function readBody(
  request: Request,
  need: BodyNeed,
): Promise<{ ok: true; value: unknown } | Refusal> {
  if (need.kind === "none") return { ok: true, value: undefined };
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (need.kind !== "raw" && !MEDIA[need.kind](type)) {
    return refuse(415, MEDIA_HELP[need.kind]);
  }
  const read = await readLimited(request, need.limit);
  if (!read.ok) {
    return read.tooLarge
      ? refuse(413, need.tooLarge ?? TOO_LARGE)
      : refuse(400, "The request could not be read.");
  }
  const textOf = () => new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  try {
    if (need.kind === "raw") return { ok: true, value: textOf() };
    if (need.kind === "json") return { ok: true, value: JSON.parse(textOf()) as unknown };
    const form = await new Response(read.bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    return { ok: true, value: form };
  } catch {
    return refuse(
      400,
      need.kind === "json"
        ? "The request body must be valid JSON."
        : need.kind === "raw"
          ? "The request could not be read."
          : "The form could not be read.",
    );
  }
}

function headersOf(outcome: Answer<unknown>, needs: EdgeNeeds): Headers {
  const headers = new Headers(outcome.headers);
  if (needs.noStore) headers.set("Cache-Control", "no-store");
  return headers;
}

function jsonAnswer(given: Outcome, needs: EdgeNeeds): Response {
  const outcome = answerOf(given);
  const status = outcome.ok ? (outcome.status ?? 200) : outcome.status;
  const body = outcome.ok ? outcome.data : { ...outcome.extra, error: outcome.error };
  return Response.json(body, { status, headers: headersOf(outcome, needs) });
}

function pageAnswer<T>(given: Outcome<T>, needs: EdgeNeeds) {
  const outcome = answerOf(given);
  const status = outcome.ok ? (outcome.status ?? 200) : outcome.status;
  const body: T | { error: string } = outcome.ok
    ? outcome.data
    : { ...outcome.extra, error: outcome.error };
  return data(body, { status, headers: headersOf(outcome, needs) });
}

type Args = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

async function admit<B extends BodyNeed>(
  args: Args,
  needs: EdgeNeeds<B>,
): Promise<Refusal | { ok: true; input: EdgeInput<BodyOf<B>> }> {
  const { request } = args;
  const db = dbFrom(args.context);
  const refused = await check(args, needs, needs.methods ?? ["POST"]);
  if (refused) return refused;
  const owner = needs.owner
    ? await ownerGateFrom(args.context)(request, needs.owner, args.context)
    : undefined;
  const body = await readBody(request, needs.body);
  if (!body.ok) return body;
  return {
    ok: true,
    input: {
      request,
      params: args.params ?? {},
      body: body.value as BodyOf<B>,
      address: clientAddress(request),
      db,
      owner,
      context: args.context,
    },
  };
}

/**
 * Declares an API route's needs and its feature code; the result is the route's `action`, and
 * every answer is JSON (`{error}` for a refusal):
 * `export const action = endpoint({ sameOrigin: true, body: { kind: "json", limit: 4096 } }, handle)`.
 */
export function endpoint<B extends BodyNeed, T>(
  needs: EdgeNeeds<B>,
  handle: (input: EdgeInput<BodyOf<B>>) => Promise<Outcome<T> | Response>,
) {
  const run = async (args: Args): Promise<Response> => {
    const admitted = await admit(args, needs);
    if (!admitted.ok) return jsonAnswer(admitted, needs);
    const result = await answering(() => handle(admitted.input));
    if (result instanceof Response) {
      if (needs.noStore) result.headers.set("Cache-Control", "no-store");
      return result;
    }
    return jsonAnswer(result as Outcome, needs);
  };
  return Object.assign(run, { [EDGE]: needs });
}

/**
 * The same for a page's action: the answer is the page's action data (`{error}` on refusal, for
 * the page to show in its own words), with the outcome's status. A thrown redirect passes through.
 */
export function pageEndpoint<B extends BodyNeed, T>(
  needs: EdgeNeeds<B>,
  handle: (input: EdgeInput<BodyOf<B>>) => Promise<Outcome<T>>,
) {
  const run = async (args: Args) => {
    const admitted = await admit(args, needs);
    if (!admitted.ok) return pageAnswer<T>(admitted, needs);
    return pageAnswer<T>(await answering(() => handle(admitted.input)), needs);
  };
  return Object.assign(run, { [EDGE]: needs });
}

async function check(
  { request, context }: Args,
  needs: EdgeNeeds,
  methods: readonly string[],
): Promise<Refusal | undefined> {
  if (!methods.includes(request.method.toUpperCase())) {
    return refuse(405, `Use ${methods.join(" or ")}.`, { headers: { Allow: methods.join(", ") } });
  }
  if (needs.sameOrigin && !isSameOrigin(request, settingsFrom(context))) {
    return refuse(403, needs.crossSite ?? CROSS_SITE);
  }
  if (needs.rateLimit) return takeQuota(needs.rateLimit, { request, context });
  return undefined;
}

/**
 * Counts the request against one more per-address quota, for a handler whose body says which
 * (a discount attempt through the cart counts as a discount check, X-SEC-19): a 429 refusal with
 * Retry-After when it is over, else undefined.
 */
export async function takeQuota(
  rule: RateLimit,
  { request, context }: Pick<Args, "request" | "context">,
): Promise<Refusal | undefined> {
  const verdict = await takeRateLimit(
    rule,
    clientAddress(request),
    rateLimitStoreFrom(context),
    settingsFrom(context),
    clockFrom(context).now().getTime(),
  );
  if (verdict.ok) return undefined;
  return refuse(429, verdict.message, {
    headers: { "Retry-After": String(verdict.retryAfter) },
  });
}

/** The loader of a route that only takes writes: 405 with the methods it takes. */
export function writeOnly(methods: readonly string[] = ["POST"], message?: string) {
  return () =>
    Response.json(
      { error: message ?? `Use ${methods.join(" or ")}.` },
      { status: 405, headers: { Allow: methods.join(", ") } },
    );
}

/**
 * A file's bytes as a GET's answer (a photo): its type, its length and how caches may keep it.
 * The HTTP edge sends nosniff on every answer (X-SEC-7).
 */
export function fileAnswer(bytes: Uint8Array, type: string, cacheControl: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": cacheControl,
    },
  });
}

/** A file route's problem as plain text: its status and Retry-After from the one table. */
export function textRefusal(found: Problem, headers: Record<string, string> = {}): Response {
  const refusal = refusalOf(found);
  const all = new Headers({ "Content-Type": "text/plain; charset=utf-8", ...headers });
  new Headers(refusal.headers).forEach((value, name) => all.set(name, value));
  return new Response(refusal.error, { status: refusal.status, headers: all });
}

/** Runs feature code whose failure is the server's, not the visitor's: logged, then a 503. */
export async function orUnavailable<T>(
  what: string,
  work: () => Promise<Outcome<T>>,
  message = "This is not available right now. Please try again in a moment.",
): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError) return error.problem;
    logError(what, error);
    return refuse(503, message);
  }
}
