import type { Database } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { env } from "~/env.server";
import { enqueueMail } from "~/mail/outbox.server";
import { rateLimitStore, takeRateLimit } from "~/security/rate-limit-stores.server";
import { clientAddress, isSameOrigin } from "~/security/request.server";
import { checkEnquiry, type Enquiry, type FieldErrors } from "./schema";

export type EnquiryOutcome =
  | { ok: true; status: 201; id: string | null }
  | {
      ok: false;
      status: 400 | 403 | 429;
      error: string;
      fieldErrors?: FieldErrors;
      retryAfter?: number;
    };

/**
 * The checks before a body is read: same origin, then the rate limit. Undefined when the request
 * may go on.
 */
export async function guardEnquiry(
  db: Database,
  request: Request,
): Promise<EnquiryOutcome | undefined> {
  if (!isSameOrigin(request)) {
    return { ok: false, status: 403, error: "Enquiries can only be sent from this shop's pages." };
  }
  // Per client address, ENQUIRY_RATE_LIMIT attempts a minute, for every process (X-SHOP-4).
  const limit = await takeRateLimit(
    rateLimitStore(db),
    `enquiry:${clientAddress(request)}`,
    env().ENQUIRY_RATE_LIMIT,
    60_000,
  );
  if (!limit.allowed) {
    const retryAfter = limit.retryAfterSeconds;
    return {
      ok: false,
      status: 429,
      retryAfter,
      error: `Too many enquiries from your connection. Please wait ${retryAfter} seconds and try again, or e-mail ${env().SHOP_EMAIL}.`,
    };
  }
  return undefined;
}

/** Validates, stores and forwards an enquiry to the shop (X-INFO-1). */
export async function receiveEnquiry(db: Database, input: unknown): Promise<EnquiryOutcome> {
  const check = checkEnquiry(input);
  if (!check.ok) {
    const first = Object.values(check.fieldErrors)[0] ?? "Please check the form.";
    return { ok: false, status: 400, error: first, fieldErrors: check.fieldErrors };
  }
  const enquiry = check.value;
  // A filled-in honeypot is a bot: it is told all went well, and nothing is kept or sent.
  if (enquiry.website) return { ok: true, status: 201, id: null };

  // The enquiry and its e-mail to the shop are stored together; the outbox sends it.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        name: enquiry.name,
        email: enquiry.email,
        academy: enquiry.academy ?? null,
        garmentTypes: enquiry.garmentTypes,
        quantity: enquiry.quantity ?? null,
        message: enquiry.message,
      })
      .returning({ id: enquiries.id });
    if (!row) throw new Error("The enquiry insert returned no row.");
    await enqueueMail(
      tx as unknown as Database,
      {
        to: env().SHOP_EMAIL,
        replyTo: enquiry.email,
        subject: `Custom gear enquiry from ${enquiry.academy ?? enquiry.name}`,
        text: enquiryMailText(enquiry, row.id),
      },
      { kind: "enquiry", ref: row.id },
    );
    return row.id;
  });
  return { ok: true, status: 201, id };
}

export function enquiryMailText(enquiry: Enquiry, id: string): string {
  return [
    "A new customisation enquiry came in through the shop.",
    "",
    `Name: ${enquiry.name}`,
    `E-mail: ${enquiry.email}`,
    `Academy or team: ${enquiry.academy ?? "(not given)"}`,
    `Garments: ${enquiry.garmentTypes.length ? enquiry.garmentTypes.join(", ") : "(not given)"}`,
    `Rough quantity: ${enquiry.quantity ?? "(not given)"}`,
    "",
    "Message:",
    enquiry.message,
    "",
    `Reference: ${id}`,
    "Reply to this e-mail to answer the customer.",
  ].join("\n");
}
