import type { ShopParts } from "~/flows/parts.server";
import { redirect } from "react-router";
import type { SignedInOwner } from "~/admin/guard.server";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse, success } from "~/security/edge.server";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { formatPence } from "~/pricing/money";
import { refundOrder } from "../refunds/refunds.server";
import { refundableFrom, statusLabel } from "~/orders/status";
import { changeOrderStatus } from "~/orders/workflow.server";
import { addOrderNote, findOrderByNumber } from "./back-office.server";
import { refundReason } from "../refunds/refund-reason";
import { cancelAndRefund } from "../refunds/cancel-and-refund.server";
import { CONFIRMED, type ConfirmStep } from "./confirm-step";

/**
 * The order page's forms (X-OPS-3, X-OPS-4): the same feature functions as the JSON routes. A
 * success goes back to the page with a notice (post/redirect/get); a refusal is shown on it.
 * Cancelling and refunding are done only by a post that carries `confirmed=yes`: the first post
 * answers the confirming step instead (X-DAY-1).
 */
export async function orderPageAction(
  db: Database,
  form: FormData,
  orderNumber: string,
  owner: SignedInOwner,
  parts: Pick<ShopParts, "settings" | "payments">,
): Promise<Outcome<{ error?: string; confirm?: ConfirmStep }>> {
  const intent = String(form.get("intent") ?? "");
  const confirmed = form.get("confirmed") === CONFIRMED;
  const back = (notice: string) =>
    redirect(`/admin/orders/${orderNumber}?notice=${encodeURIComponent(notice)}`);
  if (intent === "status") {
    if (form.get("status") === "cancelled" && !confirmed) {
      const order = await findOrderByNumber(db, orderNumber);
      if (!order) return refuse(404, "No order has that number.");
      return success({ confirm: { kind: "cancel", refundPence: refundableFrom(order) } });
    }
    if (form.get("status") === "cancelled" && form.get("refund") === "yes") {
      const reason = refundReason.safeParse(String(form.get("reason") ?? ""));
      if (!reason.success) {
        // The step stays, with the sentence, for the reason to be shortened.
        const order = await findOrderByNumber(db, orderNumber);
        return refuse(400, reason.error.issues[0]?.message ?? "Invalid reason.", {
          extra: order ? { confirm: { kind: "cancel", refundPence: refundableFrom(order) } } : {},
        });
      }
      const outcome = await cancelAndRefund(db, orderNumber, owner.email, parts, reason.data);
      if (!outcome.ok) return refuse(outcome.status, outcome.error);
      throw back(
        outcome.refund
          ? `Order cancelled and ${formatPence(outcome.refund.amountPence)} refunded.`
          : "Order cancelled.",
      );
    }
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
    if (!typed) return refuse(400, "Enter the amount to refund, in pounds.");
    const amountPence = parsePoundsToPence(typed);
    if (amountPence === undefined) return refuse(400, "Enter the amount in pounds, like 12.50.");
    const reason = refundReason.safeParse(String(form.get("reason") ?? ""));
    if (!reason.success) return refuse(400, reason.error.issues[0]?.message ?? "Invalid reason.");
    if (!confirmed) {
      const order = await findOrderByNumber(db, orderNumber);
      if (!order) return refuse(404, "No order has that number.");
      const left = refundableFrom(order);
      if (amountPence === 0) return refuse(400, "The refund must be more than £0.00.");
      if (left === 0) return refuse(409, "This order has nothing left to refund.");
      if (amountPence > left) {
        return refuse(409, `At most ${formatPence(left)} is left to refund on this order.`);
      }
      return success({
        confirm: { kind: "refund", amountPence, reason: reason.data ?? null },
      });
    }
    const outcome = await refundOrder(
      db,
      orderNumber,
      { amountPence, reason: reason.data },
      owner.email,
      parts,
    );
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
