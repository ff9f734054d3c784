import { type DeliverySettings, methodSetting, SHIPPING_METHODS } from "~/pricing/shipping";
import { deliveryLabel } from "~/orders/delivery-label";
import { canonicalOrigin } from "~/security/origin.server";
import type { Database } from "~/db/client.server";
import { refusalKind } from "~/discounts/rules";
import { findDiscount } from "~/discounts/redemption.server";
import {
  amountDuePence,
  createPendingOrder,
  newSandboxSessionId,
  linesOfOrder,
  markOrderCancelled,
  type Order,
  setPaymentSession,
} from "~/orders/orders.server";
import { formatPence } from "~/pricing/money";
import { subtotalPence } from "~/pricing/lines";
import { orderTotals, ownLines, withDeliveryPence } from "~/pricing/totals";
import { type Done, done, problem, ProblemError, type Result } from "~/shared/problems";
import { isGiftCardLine, sendOnProblem, shopDay } from "~/shared/gift-cards";
import { fulfilPaidOrder } from "~/flows/fulfilment/fulfil.server";
import { logError } from "~/security/log.server";
import { clientKey } from "~/security/rate-limit.server";
import { MAX_ORDER_TOTAL_PENCE } from "~/shared/limits";
import { loadCatalogue } from "~/catalogue/store.server";
import { checkTeamLines } from "~/flows/teams/team-lines.server";
import type { ShopParts } from "~/flows/parts.server";
import { checkCartItems, type CheckoutRequest, checkoutRequestSchema, firstIssue } from "./request";
import { receiptCookie } from "./receipt-cookie.server";

/**
 * POST /api/create-checkout-session: validate, price from the catalogue, apply the stored
 * discount code, store the pending order and take its stock, then ask the payment provider for
 * a hosted session. An error about one line carries `lineIndex` (its position in cartItems), so
 * the checkout page can show it against that line. `address` is the client's: it may hold
 * PENDING_ORDERS_PER_ADDRESS unpaid checkouts at once, and each order at most
 * MAX_STOCKED_PER_LINE of a stocked variant (X-SEC-11).
 */
export async function createCheckoutSession(
  db: Database,
  body: unknown,
  address: string,
  { settings, payments, clock }: Pick<ShopParts, "settings" | "payments" | "clock">,
  /** The buyer's request: its receipt cookie keeps this browser's earlier checkouts (X-SEC-20). */
  request?: Request,
  /** The server's cart the lines came from (Pay without JavaScript): emptied once paid. */
  cartId?: string,
): Promise<
  Result<{ url: string; sessionId: string; giftCardPence?: number; amountDuePence?: number }>
> {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstIssue(parsed.error));
  // Priced from the catalogue as it is at this moment (X-CAT-3); the order keeps these prices.
  const catalogue = await loadCatalogue(db, clock.now().getTime());
  // X-TEAM-2: team lines at their team's price and text; ordinary lines from the catalogue.
  const checked = await checkTeamLines(
    db,
    catalogue,
    parsed.data.cartItems,
    (items) => checkCartItems(catalogue, items),
    clock.now(),
  );
  if (!checked.ok) {
    return problem(checked.kind, checked.message, { extra: { lineIndex: checked.lineIndex } });
  }
  // X-GIFT-1: a gift card is sent from today to a year ahead, by the shop's day.
  const today = shopDay(clock.now());
  for (const [lineIndex, line] of checked.lines.entries()) {
    const late = isGiftCardLine(line) ? sendOnProblem(line.sendOn, today) : undefined;
    if (late)
      return problem("invalid_input", `Item ${lineIndex + 1}: ${late}`, { extra: { lineIndex } });
  }

  const code = parsed.data.discountCode?.trim();
  // X-OPS-9: dates, limit and minimum spend (on the subtotal before discount) are checked here
  // for the message, and again when the order takes its use of the code.
  const found = code
    ? await findDiscount(db, code, clock.now(), subtotalPence(ownLines(checked.lines)))
    : undefined;
  if (found && !found.ok) return problem(refusalKind(found.reason), found.error);
  const discount = found?.discount;

  const { provider } = payments;
  const { shippingMethod } = parsed.data;
  const { delivery } = catalogue.settings.settings;
  // X-TRUE-2: only a method the owner offers now.
  if (!methodSetting(shippingMethod, delivery).enabled) {
    return problem(
      "invalid_input",
      `${SHIPPING_METHODS[shippingMethod].name} delivery is not offered at the moment; please choose another delivery method.`,
    );
  }
  const methodTotals = orderTotals(
    checked.lines,
    discount?.percent ?? 0,
    shippingMethod,
    delivery,
    checked.shipped,
  );
  // Delivered with the team: the team's own delivery price (issue 41).
  const totals = checked.teamDelivery
    ? withDeliveryPence(methodTotals, checked.teamDelivery.pricePence)
    : methodTotals;
  // Above this the provider would refuse the amount: a clear 400 instead of a 502 (X-SEC-6).
  if (totals.totalPence > MAX_ORDER_TOTAL_PENCE) {
    return problem(
      "invalid_input",
      `An order can be at most ${formatPence(MAX_ORDER_TOTAL_PENCE)}; please contact us for larger orders.`,
    );
  }
  let order;
  try {
    order = await createPendingOrder(db, {
      lines: checked.lines,
      totals,
      shippingMethod,
      discount,
      provider: provider.name,
      expiresAt: new Date(clock.now().getTime() + settings.CHECKOUT_EXPIRY_MINUTES * 60_000),
      now: clock.now(),
      mostStockedPerVariant: settings.MAX_STOCKED_PER_LINE,
      client: { key: clientKey(address), pendingMost: settings.PENDING_ORDERS_PER_ADDRESS },
      cartId,
      stockLookup: (id) => catalogue.all.get(id),
      vatLookup: (id) => catalogue.all.get(id),
      teamDelivery: checked.teamDelivery,
      giftCards: parsed.data.giftCards,
      today,
    });
  } catch (error) {
    // X-STK-3: the line that cannot be had (StockLimitError, StockShortError), said against that
    // line; too many unpaid orders (PendingOrdersLimitError); a code refused at the order
    // (DiscountRefusedError): each is a ProblemError, and nothing was taken.
    if (error instanceof ProblemError) return error.problem;
    throw error;
  }
  if (order.giftCardPence > 0 && amountDuePence(order) === 0) {
    return payWithGiftCardsOnly(db, order, parsed.data.customer, { settings, clock }, request);
  }
  const opened = await openPaymentSession(db, order, delivery, { settings, payments }, request);
  return opened.ok ? withTender(opened, order) : opened;
}

/** The answer's tender (X-GIFT-3): what gift cards pay and what is left to pay by card. */
function withTender<T extends object>(
  answer: Done<T>,
  order: Order,
): Done<T & { giftCardPence: number; amountDuePence: number }> {
  return {
    ...answer,
    data: {
      ...answer.data,
      giftCardPence: order.giftCardPence,
      amountDuePence: amountDuePence(order),
    },
  };
}

/**
 * X-GIFT-3: an order the gift cards cover in full is paid at once, with no card payment and no
 * payment page: the buyer's e-mail (and address, when something is posted) come with the request;
 * the answer's url is the confirmation page.
 */
async function payWithGiftCardsOnly(
  db: Database,
  order: Order,
  customer: CheckoutRequest["customer"],
  { settings, clock }: Pick<ShopParts, "settings" | "clock">,
  request?: Request,
): Promise<
  Result<{ url: string; sessionId: string; giftCardPence: number; amountDuePence: number }>
> {
  const posted = (await linesOfOrder(db, order.id)).some((line) => !isGiftCardLine(line));
  const missing = !customer?.email
    ? "Enter your e-mail address for the receipt."
    : posted &&
        !(
          customer.firstName &&
          customer.lastName &&
          customer.address &&
          customer.city &&
          customer.postcode
        )
      ? "Enter your name and delivery address: the gift cards pay for everything, so there is no payment page to ask."
      : undefined;
  if (missing) {
    await markOrderCancelled(db, order.id);
    return problem("invalid_input", missing, { extra: { field: "customer" } });
  }
  const sessionId = newSandboxSessionId();
  await setPaymentSession(db, order.id, sessionId);
  const address = posted
    ? {
        firstName: customer!.firstName,
        lastName: customer!.lastName,
        address: customer!.address,
        city: customer!.city,
        postcode: customer!.postcode,
        country: customer!.country,
      }
    : null;
  await fulfilPaidOrder(
    db,
    order.id,
    {
      customerEmail: customer!.email,
      customerPhone: customer!.phone || null,
      customerName: { firstName: customer!.firstName, lastName: customer!.lastName },
      shippingAddress: address,
      billingAddress: address,
      paymentReference: "gift-cards",
    },
    settings,
    clock.now(),
  );
  return done(
    {
      url: `${canonicalOrigin(settings)}/order-confirmation?session_id=${encodeURIComponent(sessionId)}`,
      sessionId,
      giftCardPence: order.giftCardPence,
      amountDuePence: 0,
    },
    { cookie: await receiptCookie(db, sessionId, settings, request) },
  );
}

/**
 * The hosted payment session for a stored pending order, and the receipt cookie of the browser
 * that opened it (X-SEC-20); if the provider cannot be reached, the order is cancelled (it gives
 * back what it holds) and the answer says to try again. Shared by the organiser's payment for a
 * team's entries (X-TEAM-7).
 */
export async function openPaymentSession(
  db: Database,
  order: Order,
  delivery: DeliverySettings,
  { settings, payments }: Pick<ShopParts, "settings" | "payments">,
  request?: Request,
): Promise<Result<{ url: string; sessionId: string }>> {
  const { provider } = payments;
  try {
    const session = await provider.createSession(
      order,
      await linesOfOrder(db, order.id),
      canonicalOrigin(settings),
      // The delivery as the checkout named it, with the owner's lead time (X-TRUE-2), or the
      // team's address (X-TEAM-6).
      deliveryLabel(order, delivery),
    );
    await setPaymentSession(db, order.id, session.sessionId, session.expiresAt);
    // Only the browser that opened the session is shown its receipt (X-SEC-20).
    return done(
      { url: session.url, sessionId: session.sessionId },
      { cookie: await receiptCookie(db, session.sessionId, settings, request) },
    );
  } catch (error) {
    logError(`Payment session for ${order.orderNumber} failed`, error);
    await markOrderCancelled(db, order.id);
    return problem(
      "provider_failed",
      "The payment provider could not be reached. Please try again.",
    );
  }
}
