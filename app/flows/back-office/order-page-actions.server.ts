import { redirect } from "react-router";
import type { SignedInOwner } from "~/admin/guard.server";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse } from "~/security/edge.server";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { formatPence } from "~/pricing/money";
import { addOrderNote } from "./back-office.server";
import { refundOrder } from "../refunds/refunds.server";
import { statusLabel } from "~/orders/status";
import { changeOrderStatus } from "~/orders/workflow.server";

/**
 * The order page's forms (X-OPS-3, X-OPS-4): the same feature functions as the JSON routes. A
 * success goes back to the page with a notice (post/redirect/get); a refusal is shown on it.
 */
export async function orderPageAction(
  db: Database,
  form: FormData,
  orderNumber: string,
  owner: SignedInOwner,
): Promise<Outcome<{ error?: string }>> {
  const intent = String(form.get("intent") ?? "");
  const back = (notice: string) =>
    redirect(`/admin/orders/${orderNumber}?notice=${encodeURIComponent(notice)}`);
  if (intent === "status") {
    const outcome = await changeOrderStatus(
      db,
      orderNumber,
      {
        status: form.get("status"),
        carrier: form.get("carrier") ?? undefined,
        trackingNumber: form.get("trackingNumber") ?? undefined,
      },
      owner.email,
    );
    if (!outcome.ok) return refuse(outcome.status, outcome.error);
    throw back(`Order ${statusLabel(outcome.order.status).toLowerCase()}.`);
  }
  if (intent === "refund") {
    const typed = String(form.get("amount") ?? "").trim();
    const amountPence = typed ? parsePoundsToPence(typed) : undefined;
    if (typed && amountPence === undefined) {
      return refuse(400, "Enter the amount in pounds, like 12.50.");
    }
    const outcome = await refundOrder(db, orderNumber, { amountPence }, owner.email);
    if (!outcome.ok) return refuse(outcome.status, outcome.error);
    throw back(
      outcome.refund.status === "succeeded"
        ? `Refunded ${formatPence(outcome.refund.amountPence)}.`
        : `The payment provider has the refund of ${formatPence(outcome.refund.amountPence)} but has not finished it; the customer is e-mailed when it has gone through.`,
    );
  }
  if (intent === "note") {
    const outcome = await addOrderNote(db, orderNumber, { note: form.get("note") }, owner.email);
    if (!outcome.ok) return refuse(outcome.status, outcome.error);
    throw back("Note added.");
  }
  return refuse(400, "Unknown action.");
}
