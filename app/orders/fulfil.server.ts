import type { Database } from "~/db/client.server";
import { sendMail } from "~/mail/mailer.server";
import { confirmationEmail } from "./confirmation-email";
import { receiptSettings } from "./receipt.server";
import {
  claimConfirmationEmail,
  linesOfOrder,
  markOrderPaid,
  type Order,
  type PaymentDetails,
  releaseConfirmationEmail,
} from "./orders.server";

/**
 * Fulfils a payment: marks the order paid (once) and sends the confirmation e-mail (once),
 * whichever path gets here first: the payment page, a webhook, or verify-order.
 */
export async function fulfilPaidOrder(
  db: Database,
  orderId: string,
  details: PaymentDetails,
): Promise<Order | undefined> {
  const { order } = await markOrderPaid(db, orderId, details);
  if (order?.status === "paid") await sendConfirmationOnce(db, order);
  return order;
}

export async function sendConfirmationOnce(db: Database, order: Order): Promise<void> {
  if (!order.customerEmail) return;
  if (!(await claimConfirmationEmail(db, order.id))) return;
  try {
    const lines = await linesOfOrder(db, order.id);
    await sendMail({
      to: order.customerEmail,
      ...confirmationEmail(order, lines, receiptSettings()),
    });
  } catch (error) {
    console.error(`Could not send the confirmation for ${order.orderNumber}:`, error);
    await releaseConfirmationEmail(db, order.id);
  }
}
