import type { Database } from "~/db/client.server";
import { enquiries } from "./schema";
import type { Env } from "~/shared/settings";
import { enqueueMail } from "~/mail/outbox.server";
import { shopNoticeAddress } from "~/mail/owner-notice.server";
import { readSettingsState } from "~/catalogue/editing/settings.server";
import { created, problem, type Result } from "~/shared/problems";
import { checkEnquiry, type Enquiry } from "./form";

/** Validates, stores and forwards an enquiry to the shop's notices address (X-INFO-1, X-OWN-1). */
export async function receiveEnquiry(
  db: Database,
  input: unknown,
  settings: Pick<Env, "SHOP_EMAIL">,
): Promise<Result<{ ok: true; id: string | null }>> {
  const check = checkEnquiry(input);
  if (!check.ok) {
    const first = Object.values(check.fieldErrors)[0] ?? "Please check the form.";
    return problem("invalid_input", first, { extra: { fieldErrors: check.fieldErrors } });
  }
  const enquiry = check.value;
  // A filled-in honeypot is a bot: it is told all went well, and nothing is kept or sent.
  if (enquiry.website) return created({ ok: true as const, id: null });

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
        to: shopNoticeAddress(
          settings,
          (await readSettingsState(tx as unknown as Database)).settings.seller,
        ),
        replyTo: enquiry.email,
        subject: `Custom gear enquiry from ${enquiry.academy ?? enquiry.name}`,
        text: enquiryMailText(enquiry, row.id),
      },
      { kind: "enquiry", ref: row.id },
    );
    return row.id;
  });
  return created({ ok: true as const, id });
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
