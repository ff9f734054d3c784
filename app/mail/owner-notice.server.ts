import type { Database } from "~/db/client.server";
import type { SellerSettings } from "~/policy/shop-settings";
import type { Env } from "~/shared/settings";
import type { OutgoingMail } from "./mailer.server";
import { enqueueMail } from "./outbox.server";

/** Whether the shop's own notices are sent (OWNER_NOTIFICATIONS), and the environment's old
 *  SHOP_EMAIL, which still applies when it is set and the settings name no "notices to". */
export type OwnerNoticeSettings = Pick<Env, "OWNER_NOTIFICATIONS" | "SHOP_EMAIL">;

/** The part of the owner's settings that says where the shop's notices go (X-OWN-1). */
export type NoticeAddresses = Pick<SellerSettings, "email" | "noticesTo">;

/**
 * Where the shop's own mail goes (enquiries, paid orders, return requests, team closings; X-OWN-1):
 * the settings' "notices to" address, else SHOP_EMAIL when the environment sets it (a shop
 * upgraded with it keeps it), else the seller's e-mail.
 */
export function shopNoticeAddress(
  config: Pick<Env, "SHOP_EMAIL">,
  seller: NoticeAddresses,
): string {
  return seller.noticesTo ?? config.SHOP_EMAIL ?? seller.email;
}

/** Where the shop's notices go, or null when OWNER_NOTIFICATIONS is off. */
export function ownerNoticeRecipient(
  config: OwnerNoticeSettings,
  seller: NoticeAddresses,
): string | null {
  return config.OWNER_NOTIFICATIONS === "off" ? null : shopNoticeAddress(config, seller);
}

/**
 * Tells the shop that something happened (X-DAY-5: a paid order, a return request): an e-mail to
 * the shop's notices address (X-OWN-1) written to the outbox in the caller's transaction, once
 * per `event` (the dedupe key), unless OWNER_NOTIFICATIONS is off.
 */
export async function notifyOwner(
  tx: Database,
  settings: OwnerNoticeSettings,
  seller: NoticeAddresses,
  event: string,
  mail: Omit<OutgoingMail, "to">,
  ref?: string,
): Promise<void> {
  const to = ownerNoticeRecipient(settings, seller);
  if (!to) return;
  await enqueueMail(
    tx,
    { ...mail, to },
    { dedupeKey: `owner:${event}`, kind: "owner-notice", ref },
  );
}
