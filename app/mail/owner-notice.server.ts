import type { Database } from "~/db/client.server";
import type { Env } from "~/shared/settings";
import type { OutgoingMail } from "./mailer.server";
import { enqueueMail } from "./outbox.server";

/** Where the shop's own notices go (SHOP_EMAIL), or null when OWNER_NOTIFICATIONS is off. */
export type OwnerNoticeSettings = Pick<Env, "OWNER_NOTIFICATIONS" | "SHOP_EMAIL">;

export function ownerNoticeRecipient(config: OwnerNoticeSettings): string | null {
  return config.OWNER_NOTIFICATIONS === "off" ? null : config.SHOP_EMAIL;
}

/**
 * Tells the shop that something happened (X-DAY-5: a paid order, a return request): an e-mail to
 * SHOP_EMAIL written to the outbox in the caller's transaction, once per `event` (the dedupe
 * key), unless OWNER_NOTIFICATIONS is off.
 */
export async function notifyOwner(
  tx: Database,
  settings: OwnerNoticeSettings,
  event: string,
  mail: Omit<OutgoingMail, "to">,
  ref?: string,
): Promise<void> {
  const to = ownerNoticeRecipient(settings);
  if (!to) return;
  await enqueueMail(
    tx,
    { ...mail, to },
    { dedupeKey: `owner:${event}`, kind: "owner-notice", ref },
  );
}
