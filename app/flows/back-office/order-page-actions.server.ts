import type { ShopParts } from "~/flows/parts.server";
import type { SignedInOwner } from "~/owners/guard.server";
import type { Database } from "~/db/client.server";
import { done, problem, type Result } from "~/shared/problems";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { formatPence } from "~/pricing/money";
import { refundOrder } from "../refunds/refunds.server";
import { refundableFrom, statusLabel } from "~/orders/status";
import { changeOrderStatus } from "~/orders/workflow.server";
import { addOrderNote, findOrderByNumber } from "./back-office.server";
import { refundReason } from "../refunds/refund-reason";
import { cancelAndRefund } from "../refunds/cancel-and-refund.server";
import { CONFIRMED, type ConfirmStep, REFUND_FIRST, type RefundFirst } from "./confirm-step";
import { dispatchExchange } from "../returns/exchanges.server";

/**
 * The order page's forms (X-OPS-3, X-OPS-4): the same feature functions as the JSON routes. A
 * success is a notice the route takes back to the page (post/redirect/get); a refusal is shown on it.
 * Cancelling and refunding are done only by a post that carries `confirmed=yes`: the first post
 * answers the confirming step instead (X-DAY-1).
 */
export async function orderPageAction(
  db: Database,
  form: FormData,
  orderNumber: string,
  owner: SignedInOwner,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Result<{ error?: string; confirm?: ConfirmStep; notice?: string }>> {
  const intent = String(form.get("intent") ?? "");
  const confirmed = form.get("confirmed") === CONFIRMED;
  /** Done: the route goes back to the order page with this notice. */
  const back = (notice: string) => done({ notice });
  if (intent === "status") {
    if (form.get("status") === "cancelled" && !confirmed) {
      const order = await findOrderByNumber(db, orderNumber);
      if (!order) return problem("not_found", "No order has that number.");
      return done({ confirm: { kind: "cancel", refundPence: refundableFrom(order) } });
    }
    if (form.get("status") === "cancelled" && form.get("refund") === "yes") {
      const reason = refundReason.safeParse(String(form.get("reason") ?? ""));
      if (!reason.success) {
        // The step stays, with the sentence, for the reason to be shortened.
        const order = await findOrderByNumber(db, orderNumber);
        return problem("invalid_input", reason.error.issues[0]?.message ?? "Invalid reason.", {
          extra: order ? { confirm: { kind: "cancel", refundPence: refundableFrom(order) } } : {},
        });
      }
      const outcome = await cancelAndRefund(db, orderNumber, owner.email, parts, reason.data);
      if (!outcome.ok) return outcome;
      return back(
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
    if (!outcome.ok) return outcome;
    // The step it moved to (X-ORD-1): a partly refunded order's one-value status stays as it was.
    return back(`Order ${statusLabel(outcome.order.fulfilmentStatus).toLowerCase()}.`);
  }
  if (intent === "exchange-dispatch") {
    const outcome = await dispatchExchange(
      db,
      orderNumber,
      String(form.get("exchangeId") ?? ""),
      { carrier: form.get("carrier") ?? "", trackingNumber: form.get("trackingNumber") ?? "" },
      owner.email,
      parts.clock.now(),
    );
    if (!outcome.ok) return outcome;
    return back(
      `Exchange in size ${outcome.data.exchange.size} dispatched; the customer has been e-mailed.`,
    );
  }
  if (intent === "refund") {
    const typed = String(form.get("amount") ?? "").trim();
    if (!typed) return problem("invalid_input", "Enter the amount to refund, in pounds.");
    const amountPence = parsePoundsToPence(typed);
    if (amountPence === undefined)
      return problem("invalid_input", "Enter the amount in pounds, like 12.50.");
    const reason = refundReason.safeParse(String(form.get("reason") ?? ""));
    if (!reason.success)
      return problem("invalid_input", reason.error.issues[0]?.message ?? "Invalid reason.");
    // X-GIFT-5: an order paid partly by gift card gives back to the gift cards first unless the
    // owner chose the card payment first.
    const typedFirst = String(form.get("first") ?? "gift-cards");
    if (!(REFUND_FIRST as readonly string[]).includes(typedFirst)) {
      return problem(
        "invalid_input",
        "Choose what gets the money back first: the gift cards or the card payment.",
      );
    }
    const first = typedFirst as RefundFirst;
    if (!confirmed) {
      const order = await findOrderByNumber(db, orderNumber);
      if (!order) return problem("not_found", "No order has that number.");
      const left = refundableFrom(order);
      if (amountPence === 0) return problem("invalid_input", "The refund must be more than £0.00.");
      if (left === 0) return problem("already_refunded", "This order has nothing left to refund.");
      if (amountPence > left) {
        return problem(
          "already_refunded",
          `At most ${formatPence(left)} is left to refund on this order.`,
        );
      }
      const split = order.giftCardPence > 0 && order.giftCardPence < order.totalPence;
      return done({
        confirm: {
          kind: "refund",
          amountPence,
          reason: reason.data ?? null,
          ...(split ? { first } : {}),
        },
      });
    }
    const outcome = await refundOrder(
      db,
      orderNumber,
      { amountPence, reason: reason.data, cardFirst: first === "card" },
      owner.email,
      parts,
    );
    if (!outcome.ok) return outcome;
    // X-GIFT-5: said per tender when the gift cards that paid had part of it back.
    const rows = outcome.refunds ?? [outcome.refund];
    const toGiftCards = rows
      .filter((row) => row.provider === "gift_card")
      .reduce((sum, row) => sum + row.amountPence, 0);
    const total = rows.reduce((sum, row) => sum + row.amountPence, 0);
    const split =
      toGiftCards > 0 && toGiftCards < total
        ? ` (${formatPence(toGiftCards)} to the gift cards, ${formatPence(total - toGiftCards)} to the card payment)`
        : toGiftCards > 0
          ? " to the gift cards"
          : "";
    return back(
      outcome.refund.status === "succeeded"
        ? `Refunded ${formatPence(total)}${split}.`
        : `The payment provider has the refund of ${formatPence(outcome.refund.amountPence)} but has not finished it; the customer is e-mailed when it has gone through.`,
    );
  }
  if (intent === "note") {
    const outcome = await addOrderNote(db, orderNumber, { note: form.get("note") }, owner.email);
    if (!outcome.ok) return outcome;
    return back("Note added.");
  }
  return problem("invalid_input", "Unknown action.");
}
