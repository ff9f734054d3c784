import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { teams } from "~/teams/schema";
import { type CartLine, priceLine } from "~/cart/cart";
import { loadCatalogue } from "~/catalogue/store.server";
import { openPaymentSession } from "~/flows/checkout/create-session.server";
import type { ShopParts } from "~/flows/parts.server";
import { createPendingOrder } from "~/orders/orders.server";
import { formatPence } from "~/pricing/money";
import { DEFAULT_SHIPPING_METHOD } from "~/pricing/shipping";
import { orderTotals, withDeliveryPence } from "~/pricing/totals";
import { clientKey } from "~/security/rate-limit.server";
import { MAX_ORDER_TOTAL_PENCE } from "~/shared/limits";
import { problem, ProblemError, type Result } from "~/shared/problems";
import { claimEntries, entriesToPay } from "~/teams/entries.server";
import { checkTeamChoice } from "~/teams/rules";
import { teamForOrganiser } from "~/teams/teams.server";

export const NOTHING_TO_PAY =
  "Nothing is left to pay: every entry is paid for, or its payment is already open.";

/**
 * X-TEAM-7: "Pay for N items (£X)" on the organiser's page, and POST /api/teams/:slug/pay {key}.
 * In one transaction that locks the team's row FOR UPDATE, every entry still to pay becomes a line
 * of one pending order (the team's price and text, the member's choice, `print_name` and name)
 * and is claimed by it; then the ordinary payment follows. A second request waits for the lock
 * and finds nothing left to pay (409), so the academy pays once however often it is asked. An
 * order that ends unpaid gives its entries back to pay.
 */
export async function payForEntries(
  db: Database,
  slug: string,
  key: string | null,
  address: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  request?: Request,
): Promise<Result<{ url: string; sessionId: string }>> {
  const team = await teamForOrganiser(db, slug, key);
  if (!team) return problem("not_found", "There is no such team order, or the key is wrong.");
  if (team.row.payment !== "organiser") {
    return problem("conflict", `Each member of ${team.row.name} pays for their own kit.`);
  }
  if (team.row.status === "cancelled") {
    return problem("conflict", `${team.row.name} was cancelled: there is nothing to pay.`);
  }
  const catalogue = await loadCatalogue(db, parts.clock.now().getTime());
  const { delivery } = catalogue.settings.settings;
  const { settings, clock } = parts;
  let order;
  try {
    order = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [locked] = await txDb
        .select()
        .from(teams)
        .where(eq(teams.id, team.row.id))
        .for("update");
      if (!locked || locked.status === "cancelled") {
        throw new ProblemError(
          "conflict",
          `${team.row.name} was cancelled: there is nothing to pay.`,
        );
      }
      const entries = await entriesToPay(txDb, locked.id);
      if (entries.length === 0) throw new ProblemError("conflict", NOTHING_TO_PAY);
      const lines: (CartLine & { memberName: string })[] = [];
      for (const entry of entries) {
        const rule = checkTeamChoice(
          { ...locked, offers: team.offers },
          { ...entry, productName: catalogue.all.get(entry.productId)?.name },
        );
        const priced = priceLine(
          {
            productId: entry.productId,
            optionType: entry.optionType,
            size: entry.size,
            beltRank: entry.beltRank ?? undefined,
            color: entry.color ?? undefined,
            quantity: 1,
          },
          catalogue.all.get(entry.productId),
        );
        if (!rule.ok || !priced.line) {
          const why = !rule.ok ? rule.message : priced.problem;
          throw new ProblemError(
            "conflict",
            `${entry.name}'s entry cannot be made as it is (${why}): correct or remove it first.`,
          );
        }
        const line: CartLine & { memberName: string } = {
          ...priced.line,
          unitPricePence: rule.unitPricePence,
          customText: rule.customText,
          team: locked.slug,
          memberName: entry.name,
          ...(rule.printName ? { printName: rule.printName } : {}),
        };
        delete line.wasUnitPricePence;
        lines.push(line);
      }
      const together = locked.delivery === "together" && locked.deliveryAddress;
      const methodTotals = orderTotals(
        lines,
        0,
        DEFAULT_SHIPPING_METHOD,
        delivery,
        together ? [] : lines,
      );
      // One order, one parcel with the team: the team's delivery price once (issue 41).
      const totals = together
        ? withDeliveryPence(methodTotals, locked.deliveryPricePence)
        : methodTotals;
      if (totals.totalPence > MAX_ORDER_TOTAL_PENCE) {
        throw new ProblemError(
          "invalid_input",
          `An order can be at most ${formatPence(MAX_ORDER_TOTAL_PENCE)}; please contact us to pay for this team.`,
        );
      }
      const made = await createPendingOrder(txDb, {
        lines,
        totals,
        shippingMethod: DEFAULT_SHIPPING_METHOD,
        discount: undefined,
        provider: parts.payments.provider.name,
        expiresAt: new Date(clock.now().getTime() + settings.CHECKOUT_EXPIRY_MINUTES * 60_000),
        now: clock.now(),
        mostStockedPerVariant: settings.MAX_STOCKED_PER_LINE,
        client: { key: clientKey(address), pendingMost: settings.PENDING_ORDERS_PER_ADDRESS },
        stockLookup: (id) => catalogue.all.get(id),
        vatLookup: (id) => catalogue.all.get(id),
        teamDelivery: together
          ? { slug: locked.slug, address: locked.deliveryAddress! }
          : undefined,
      });
      await claimEntries(
        txDb,
        entries.map((entry) => entry.id),
        made.id,
      );
      return made;
    });
  } catch (error) {
    if (error instanceof ProblemError) return error.problem;
    throw error;
  }
  return openPaymentSession(db, order, delivery, parts, request);
}
