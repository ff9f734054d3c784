import type { ShopParts } from "~/flows/parts.server";
import type { Database } from "~/db/client.server";
import { done, problem, type Result } from "~/shared/problems";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { formatPence } from "~/pricing/money";
import { listReturnRequests } from "~/returns/requests.server";
import { receiveReturn } from "./exchanges.server";
import { returnReference } from "~/returns/rules";
import { refundReason } from "../refunds/refund-reason";
import { CONFIRMED, type ConfirmStep } from "../back-office/confirm-step";
import { refundReturn, restockableReturns, restockReturn } from "./return-actions.server";

/** /admin/returns: the requests, and which received ones have stocked items to put back. */
export async function returnsPage(db: Database) {
  const requests = await listReturnRequests(db);
  return { requests, restockable: await restockableReturns(db, requests) };
}

export type ReturnsPageAnswer = { message?: string; error?: string; confirm?: ConfirmStep };

/**
 * The returns page's forms (X-UK-5, X-DAY-1): "Mark received", "Refund" (asks first, like the
 * order page's refund) and "Put back in stock".
 */
export async function returnsPageAction(
  db: Database,
  form: FormData,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Result<ReturnsPageAnswer>> {
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "received");
  if (intent === "received") {
    const result = await receiveReturn(db, id, actor, parts.clock.now());
    if (!result.ok) return result;
    return done({ message: "Marked received." });
  }
  if (intent === "restock") {
    const result = await restockReturn(db, id, actor);
    if (!result.ok) return result;
    return done({
      message: `Put back in stock: ${result.items} ${result.items === 1 ? "item" : "items"}.`,
    });
  }
  if (intent === "refund") {
    const typed = String(form.get("amount") ?? "").trim();
    if (!typed) return problem("invalid_input", "Enter the amount to refund, in pounds.");
    const amountPence = parsePoundsToPence(typed);
    if (!amountPence) return problem("invalid_input", "Enter the amount in pounds, like 12.50.");
    const reason = refundReason.safeParse(String(form.get("reason") ?? ""));
    if (!reason.success)
      return problem("invalid_input", reason.error.issues[0]?.message ?? "Invalid reason.");
    if (form.get("confirmed") !== CONFIRMED) {
      if (!/^[0-9a-f-]{36}$/i.test(id))
        return problem("not_found", "There is no such return request.");
      return done({
        confirm: {
          kind: "refund",
          amountPence,
          reason: reason.data ?? null,
          returnId: id,
          returnReference: returnReference(id),
        },
      });
    }
    const result = await refundReturn(db, id, { amountPence, reason: reason.data }, actor, parts);
    if (!result.ok) return result;
    return done({
      message: `Refunded ${formatPence(result.refund.amountPence)} for ${returnReference(id)}.`,
    });
  }
  return problem("invalid_input", "Unknown action.");
}
