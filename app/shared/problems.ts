/**
 * Problems, not status codes, inside (issue 34, X-ORD-4). Capabilities and flows say what went
 * wrong in the shop's words: a named `kind` and a sentence for a person. Only the edge
 * (`security/edge.server.ts`, its PROBLEM_STATUS table) turns a kind into an HTTP status and its
 * headers, so a rule's code never picks a status and one table serves returned and thrown
 * problems alike. Pure: safe in the browser.
 */

/** Every problem the shop names. Add a kind here and its status in the edge's table. */
export const PROBLEM_KINDS = [
  /** The request, form or field is not right (a sentence says which). */
  "invalid_input",
  /** No signed-in owner, or the e-mail and password do not match. */
  "not_signed_in",
  /** Signed in, but this is not theirs to do (an owner removed meanwhile). */
  "not_allowed",
  /** What was named does not exist (an order, a product, a code, a link). */
  "not_found",
  /** The payment was declined. */
  "payment_declined",
  /** What it is now does not allow this (an order's stage, a team store's state, a race lost). */
  "conflict",
  /** It has been done already (marked received, put back in stock). */
  "already_done",
  /** Something with that name exists already (an owner's e-mail, a code, a product's id). */
  "already_exists",
  /** What was asked has been refunded already, in whole or in part. */
  "already_refunded",
  /** Not enough stock for the line. */
  "out_of_stock",
  /** The discount code has been used as often as it may. */
  "used_up",
  /** A one-time link that was used or has expired. */
  "link_expired",
  /** A body, photo or store beyond its size. */
  "too_large",
  /** A file of a kind the shop does not take. */
  "unsupported_type",
  /** Well formed, but its content cannot be used (an unreadable photo, a CSV with errors). */
  "unreadable",
  /** A claim the shop's records do not back (a "was" price not charged long enough, X-TRUE-1). */
  "not_genuine",
  /** Too many tries or unpaid orders from one address for now; `retryAfter` says how long. */
  "rate_limited",
  /** The payment provider did not answer or did not accept. */
  "provider_failed",
  /** The shop cannot do it right now (a busy queue, a store that does not answer). */
  "unavailable",
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export interface Problem {
  ok: false;
  kind: ProblemKind;
  /** For a person: the sentence shown or sent as `error`. */
  message: string;
  /** More fields beside the message (e.g. `fieldErrors`, `success: false`, `lineIndex`). */
  extra?: Record<string, unknown>;
  /** Seconds until trying again can succeed (said as Retry-After). */
  retryAfter?: number;
  /** A cookie the answer sets whatever it is (the cart's, renewed by every change). */
  cookie?: string;
}

/** A capability's or flow's answer: its data, or a problem. */
export type Done<T> = {
  ok: true;
  data: T;
  /** Something new was made (a 201 at the edge). */
  created?: boolean;
  /** A cookie the answer sets (the cart's). */
  cookie?: string;
};
export type Result<T> = Done<T> | Problem;

export function problem(
  kind: ProblemKind,
  message: string,
  more: Pick<Problem, "extra" | "retryAfter" | "cookie"> = {},
): Problem {
  return { ok: false, kind, message, ...more };
}

/** The answer's data; `created` when something new was made. */
export function done<T>(data: T, more: Pick<Done<T>, "created" | "cookie"> = {}): Done<T> {
  return { ok: true, data, ...more };
}

/** What something new was made: `done(data, { created: true })`. */
export function created<T>(data: T): Done<T> {
  return done(data, { created: true });
}

/**
 * The one error for code that throws a problem (deep in a transaction, a photo's checks): the
 * edge answers it as it answers a returned one.
 */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(
    kind: ProblemKind,
    message: string,
    more: Pick<Problem, "extra" | "retryAfter"> = {},
  ) {
    super(message);
    this.name = "ProblemError";
    this.problem = problem(kind, message, more);
  }
  get kind(): ProblemKind {
    return this.problem.kind;
  }
}

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { kind?: unknown }).kind === "string"
  );
}
