import type { ShopParts } from "~/flows/parts.server";
import type { Database } from "~/db/client.server";
import { formatPence } from "~/pricing/money";
import { created, type Result } from "~/shared/problems";
import { refundFlaggedPayment } from "../refunds/refunds.server";

/**
 * "Refund this payment" from Needs attention (issue 27), for the dashboard's confirmed form and
 * the JSON route alike: the payment is given back once, however often it is asked.
 */
export async function refundFlaggedPaymentAction(
  db: Database,
  flaggedPaymentId: string,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Result<{ message: string; refund_id: string; status: string; amount_pence: number }>> {
  const outcome = await refundFlaggedPayment(db, flaggedPaymentId, actor, parts);
  if (!outcome.ok) return outcome;
  const { refund } = outcome;
  const amount = formatPence(refund.amountPence);
  return created({
    message:
      refund.status === "succeeded"
        ? `Refunded ${amount}. The customer has been e-mailed.`
        : `The refund of ${amount} is with the payment provider; the customer is e-mailed when it has gone through.`,
    refund_id: refund.id,
    status: refund.status,
    amount_pence: refund.amountPence,
  });
}
