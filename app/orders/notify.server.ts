import type { Database } from "~/db/client.server";
import { enqueueMail } from "~/mail/outbox.server";
import { readSettingsState } from "~/catalogue/editing/settings.server";
import { type CustomerNotice, customerNoticeEmail } from "./status-emails";

/**
 * The one way the back office e-mails a customer: written to the outbox in the transaction of
 * the change it reports (X-SCALE-4), so the e-mail leaves exactly when the change is kept. What
 * it says of the seller and of returns is the owner's settings as they are now (X-TRUE-2).
 */
export async function notifyCustomer(
  tx: Database,
  order: {
    id: string;
    orderNumber: string;
    customerEmail: string | null;
    shippingAddress?: { firstName?: string } | null;
  },
  notice: CustomerNotice,
): Promise<void> {
  if (!order.customerEmail) return;
  const { settings } = await readSettingsState(tx);
  await enqueueMail(
    tx,
    { to: order.customerEmail, ...customerNoticeEmail(order, notice, settings) },
    { kind: `order-${notice.kind}`, ref: order.id },
  );
}
