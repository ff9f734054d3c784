import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { discountCodes } from "./schema";
import { created, done, problem, type Result } from "~/shared/problems";
import { fromLondonLocal } from "~/shared/london-time";
import { DISCOUNT_CODE_MAX } from "~/shared/limits";
import { isoInstant } from "~/shared/schemas";
import { DISCOUNT_FIELD_ORDER, discountFormId } from "./rules";

/** The owner's discount codes (X-OPS-9): list, create, edit and disable. */

export type DiscountRow = typeof discountCodes.$inferSelect;

/** A code as the JSON API answers it. */
export interface DiscountJson {
  code: string;
  percent: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  uses: number;
  minimumSpendPence: number | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function discountJson(row: DiscountRow): DiscountJson {
  return {
    code: row.code,
    percent: row.percent,
    active: row.active,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    uses: row.uses,
    minimumSpendPence: row.minimumSpendPence,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export async function listDiscounts(db: Database): Promise<DiscountJson[]> {
  const rows = await db.select().from(discountCodes).orderBy(asc(discountCodes.code));
  return rows.map(discountJson);
}

const CODE_MESSAGE = `The code must be 2 to ${DISCOUNT_CODE_MAX} letters, digits, - or _.`;
const CODE_PATTERN = new RegExp(`^[A-Z0-9_-]{2,${DISCOUNT_CODE_MAX}}$`);
const PERCENT_MESSAGE = "The percentage must be a whole number from 1 to 100.";
const LIMIT_MESSAGE = "The usage limit must be a whole number of 1 or more, or empty for none.";
const SPEND_MESSAGE = "The minimum spend must be a whole number of pence, 0 or more, or empty.";
const fields = {
  percent: z
    .number({ error: PERCENT_MESSAGE })
    .int(PERCENT_MESSAGE)
    .min(1, PERCENT_MESSAGE)
    .max(100, PERCENT_MESSAGE),
  startsAt: isoInstant.nullable(),
  endsAt: isoInstant.nullable(),
  usageLimit: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(1_000_000, LIMIT_MESSAGE)
    .nullable(),
  minimumSpendPence: z
    .number({ error: SPEND_MESSAGE })
    .int(SPEND_MESSAGE)
    .min(0, SPEND_MESSAGE)
    .max(100_000_000, SPEND_MESSAGE)
    .nullable(),
  active: z.boolean({ error: "active must be true or false." }),
};

/** What the owner may set on a code besides the code itself: on create, and (all optional) on a change. */
const settings = {
  percent: fields.percent,
  startsAt: fields.startsAt.optional(),
  endsAt: fields.endsAt.optional(),
  usageLimit: fields.usageLimit.optional(),
  minimumSpendPence: fields.minimumSpendPence.optional(),
  active: fields.active.optional(),
};

const createSchema = z.strictObject(
  {
    code: z
      .string({ error: CODE_MESSAGE })
      .transform((code) => code.trim().toUpperCase())
      .pipe(z.string().regex(CODE_PATTERN, CODE_MESSAGE)),
    ...settings,
  },
  {
    error:
      "Unknown field; send code, percent, startsAt, endsAt, usageLimit, minimumSpendPence, active.",
  },
);

const patchSchema = z.strictObject(
  { ...settings, percent: fields.percent.optional() },
  {
    error:
      "Send any of percent, startsAt, endsAt, usageLimit, minimumSpendPence, active; the code cannot change.",
  },
);

const DATES_ORDER = "The end must be after the start.";

function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input.";
  if (issue.code === "unrecognized_keys") {
    return `Unknown field ${issue.keys.join(", ")}.`;
  }
  return issue.message;
}

function auditState(row: DiscountRow): Record<string, unknown> {
  const json = discountJson(row);
  return {
    code: json.code,
    percent: json.percent,
    active: json.active,
    startsAt: json.startsAt,
    endsAt: json.endsAt,
    usageLimit: json.usageLimit,
    minimumSpendPence: json.minimumSpendPence,
  };
}

export type DiscountOutcome = Result<DiscountJson>;

/** POST /api/admin/discounts: 201 with the code; 409 when it exists (X-OPS-9). */
export async function createDiscount(
  db: Database,
  body: unknown,
  actor: string,
): Promise<DiscountOutcome> {
  const parsed = createSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstMessage(parsed.error));
  const input = parsed.data;
  if (input.startsAt && input.endsAt && input.startsAt >= input.endsAt) {
    return problem("invalid_input", DATES_ORDER);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        percent: input.percent,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        usageLimit: input.usageLimit ?? null,
        minimumSpendPence: input.minimumSpendPence ?? null,
        active: input.active ?? true,
      })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning();
    if (!row) return problem("already_exists", `The code ${input.code} already exists.`);
    await recordAudit(tx, {
      actor,
      action: "discount.create",
      subject: `discount:${row.code}`,
      after: auditState(row),
    });
    return created(discountJson(row));
  });
}

/** PATCH /api/admin/discounts/:code with any of the fields; `active: false` disables it. */
export async function updateDiscount(
  db: Database,
  code: string,
  body: unknown,
  actor: string,
): Promise<DiscountOutcome> {
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstMessage(parsed.error));
  const changes = parsed.data;
  const normalised = code.trim().toUpperCase();
  if (!new RegExp(`^[A-Z0-9_-]{1,${DISCOUNT_CODE_MAX}}$`).test(normalised))
    return problem("not_found", "No discount code has that name.");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, normalised))
      .for("update");
    if (!before) return problem("not_found", "No discount code has that name.");
    const startsAt = changes.startsAt === undefined ? before.startsAt : changes.startsAt;
    const endsAt = changes.endsAt === undefined ? before.endsAt : changes.endsAt;
    if (startsAt && endsAt && startsAt >= endsAt) return problem("invalid_input", DATES_ORDER);
    const [after] = await tx
      .update(discountCodes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(discountCodes.code, normalised))
      .returning();
    if (!after) return problem("not_found", "No discount code has that name.");
    await recordAudit(tx, {
      actor,
      action: "discount.update",
      subject: `discount:${after.code}`,
      before: auditState(before),
      after: auditState(after),
    });
    return done(discountJson(after));
  });
}

/** The page's name of each JSON field (the minimum spend is typed in pounds). */
const FORM_FIELDS: Record<string, string> = {
  code: "code",
  percent: "percent",
  startsAt: "startsAt",
  endsAt: "endsAt",
  usageLimit: "usageLimit",
  minimumSpendPence: "minimumSpend",
};

type FormRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string; fieldErrors: Record<string, string> };

/**
 * The page's forms: the same fields as the JSON, with dates as London clock times
 * (datetime-local) and the minimum spend in pounds. Empty optional fields clear them. Every
 * wrong field is named at once (issue 56, X-A11Y-10): what the form cannot read, then the
 * code's own rules (the same schema as the JSON's) for the rest, then the dates' order.
 */
export function discountInputFromForm(form: FormData, kind: "create" | "edit"): FormRead {
  const value: Record<string, unknown> = {};
  const fieldErrors: Record<string, string> = {};
  const textOf = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" ? raw.trim() : "";
  };
  if (kind === "create") value.code = textOf("code");
  const percent = textOf("percent");
  value.percent = /^\d+$/.test(percent) ? Number(percent) : percent;
  for (const name of ["startsAt", "endsAt"] as const) {
    const local = textOf(name);
    value[name] = null;
    if (!local) continue;
    const date = fromLondonLocal(local);
    if (date) value[name] = date.toISOString();
    else fieldErrors[name] = "Please give dates as a day and a time.";
  }
  const limit = textOf("usageLimit");
  value.usageLimit = limit === "" ? null : /^\d+$/.test(limit) ? Number(limit) : limit;
  const spend = textOf("minimumSpend").replace(/^£/, "");
  value.minimumSpendPence = null;
  if (/^\d{1,7}(\.\d{1,2})?$/.test(spend)) {
    value.minimumSpendPence = Math.round(Number(spend) * 100);
  } else if (spend !== "") {
    fieldErrors.minimumSpend = "The minimum spend must be an amount in pounds, e.g. 50.00.";
  }
  value.active = form.get("active") === "on" || form.get("active") === "true";
  const parsed = (kind === "create" ? createSchema : patchSchema).safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FORM_FIELDS[String(issue.path[0])];
      if (field) fieldErrors[field] ??= issue.message;
    }
  }
  const { startsAt, endsAt } = value;
  if (typeof startsAt === "string" && typeof endsAt === "string" && startsAt >= endsAt) {
    fieldErrors.endsAt ??= DATES_ORDER;
  }
  const first = DISCOUNT_FIELD_ORDER.find((name) => fieldErrors[name]);
  if (first) return { ok: false, error: fieldErrors[first]!, fieldErrors };
  return { ok: true, value };
}

/** The page's action: create, edit or disable/enable, by the form's `intent`. */
export async function applyDiscountForm(
  db: Database,
  form: FormData,
  actor: string,
): Promise<DiscountOutcome> {
  const intent = form.get("intent");
  if (intent === "toggle") {
    const code = String(form.get("code") ?? "");
    return updateDiscount(db, code, { active: form.get("active") === "true" }, actor);
  }
  if (intent !== "create" && intent !== "edit") return problem("invalid_input", "Unknown action.");
  // A refusal names its form (the new code's, or a code's own) and keeps what was typed.
  const code = intent === "edit" ? String(form.get("code") ?? "") : undefined;
  const values: Record<string, string> = {};
  for (const [name, typed] of form.entries()) if (typeof typed === "string") values[name] = typed;
  const answer = { form: discountFormId(code), values };
  const input = discountInputFromForm(form, intent);
  if (!input.ok) {
    return problem("invalid_input", input.error, {
      extra: { ...answer, fieldErrors: input.fieldErrors },
    });
  }
  const saved =
    intent === "create"
      ? await createDiscount(db, input.value, actor)
      : await updateDiscount(db, code!, input.value, actor);
  if (saved.ok) return saved;
  const field = saved.kind === "already_exists" ? "code" : undefined;
  return {
    ...saved,
    extra: { ...saved.extra, ...answer, fieldErrors: field ? { [field]: saved.message } : {} },
  };
}
