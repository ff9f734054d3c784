import { sendMail } from "~/mail/mailer.server";
import { type CustomerNotice, customerNoticeEmail } from "./status-emails";

/**
 * The one way the back office e-mails a customer, called after the change has committed.
 * (With the transactional outbox this becomes enqueueMail inside the change's transaction.)
 * A failed send is logged, never undoes the change.
 */
export async function notifyCustomer(
  order: {
    orderNumber: string;
    customerEmail: string | null;
    shippingAddress?: { firstName?: string } | null;
  },
  notice: CustomerNotice,
): Promise<void> {
  if (!order.customerEmail) return;
  try {
    await sendMail({ to: order.customerEmail, ...customerNoticeEmail(order, notice) });
  } catch (error) {
    console.error(`Could not e-mail ${order.orderNumber} (${notice.kind}):`, error);
  }
}
