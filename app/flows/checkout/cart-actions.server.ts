import type { OriginSettings } from "~/security/origin.server";
import type { ShopParts } from "~/flows/parts.server";
import { type Catalogue, findProduct } from "~/catalogue/catalogue";
import { stockLevelsOrEmpty } from "~/stock/stock.server";
import { loadCatalogue } from "~/catalogue/store.server";
import type { CartLine } from "~/cart/cart";
import { type AddFields, applyIntent, checkAdd, readCartForm } from "~/cart/intents";
import {
  cartCookie,
  cartIdOf,
  changeCart,
  emptyCart,
  findCart,
  pricedLines,
  type ServerCart,
} from "~/cart/server-cart.server";
import type { Database } from "~/db/client.server";
import { type Discount, findDiscount } from "~/discounts/redemption.server";
import { refusalKind } from "~/discounts/rules";
import { subtotalPence } from "~/pricing/lines";
import { ownLines } from "~/pricing/totals";
import { done, problem, type Result } from "~/shared/problems";
import { lineChoiceSchema } from "~/shared/line-choice";
import { GIFT_CARD_PRODUCT_ID, giftCardProblem, sendOnProblem, shopDay } from "~/shared/gift-cards";
import type { OrderReceipt } from "~/orders/receipt.server";
import { createCheckoutSession } from "./create-session.server";
import { verifyOrder } from "./verify.server";

/** The cart as every page and the cart's script see it (GET /api/cart, /cart, /checkout). */
export interface CartView {
  lines: CartLine[];
  /** The code the customer typed, kept with the cart. */
  discountCode: string | null;
  /** That code as it stands now on this cart, or null (none, or refused: see discountProblem). */
  discount: Discount | null;
  discountProblem: string | null;
}

export const EMPTY_CART_VIEW: CartView = {
  lines: [],
  discountCode: null,
  discount: null,
  discountProblem: null,
};

/** A stored cart priced from the catalogue now, with its code checked on its subtotal. */
export async function viewCart(
  db: Database,
  catalogue: Catalogue,
  cart: ServerCart | undefined,
  now: Date,
): Promise<CartView> {
  if (!cart) return EMPTY_CART_VIEW;
  const lines = pricedLines(catalogue, cart.lines);
  const code = cart.discountCode;
  const verdict = code
    ? await findDiscount(
        db,
        code,
        now,
        subtotalPence(ownLines(lines.filter((line) => !line.problem))),
      )
    : undefined;
  return {
    lines,
    discountCode: code,
    discount: verdict?.ok ? verdict.discount : null,
    discountProblem: verdict && !verdict.ok ? verdict.error : null,
  };
}

/** The request's cart, priced (an empty one when it has none). */
export async function readCart(db: Database, request: Request, now: Date): Promise<CartView> {
  return viewCart(
    db,
    await loadCatalogue(db, now.getTime()),
    await findCart(db, cartIdOf(request)),
    now,
  );
}

/** What the form asked to add, sent back with a refusal so the page can keep the choices. */
export interface RefusedAdd {
  refusedAdd?: AddFields;
  cart?: CartView;
}

/**
 * POST /cart and POST /api/cart (issue 25, X-PE-1): one of the cart's actions (readCartForm) on
 * the request's cart, in one locked transaction; the cart as it is afterwards, or the sentence
 * why not with a 4xx. A refused add keeps what was chosen (`refusedAdd`); every answer carries
 * the cart's cookie, 30 days from this change.
 */
export async function changeCartByForm(
  db: Database,
  request: Request,
  form: FormData,
  settings: OriginSettings,
  now: Date,
): Promise<Result<CartView>> {
  const read = readCartForm(form);
  if (!read.ok) return problem("invalid_input", read.error);
  const { intent } = read;
  const catalogue = await loadCatalogue(db, now.getTime());
  const id = cartIdOf(request);

  let step: Parameters<typeof applyIntent>[1];
  if (intent.intent === "add") {
    const checked = checkAdd(intent.fields, catalogue.all.get(intent.fields.productId.trim()));
    if (!checked.ok) {
      const extra: RefusedAdd = { refusedAdd: intent.fields };
      return problem(checked.kind, checked.message, { extra: { ...extra } });
    }
    step = { intent: "add", choice: checked.choice };
  } else if (intent.intent === "discount" && intent.code) {
    // Checked on the cart as it is now (its minimum spend, X-OPS-9); taken only with the order.
    const current = pricedLines(catalogue, (await findCart(db, id))?.lines ?? []);
    const verdict = await findDiscount(
      db,
      intent.code,
      now,
      subtotalPence(ownLines(current.filter((line) => !line.problem))),
    );
    if (!verdict.ok) {
      return problem(
        verdict.reason === "invalid" ? "not_found" : refusalKind(verdict.reason),
        verdict.error,
      );
    }
    step = { intent: "discount", code: verdict.discount.code };
  } else {
    step = intent as Exclude<typeof intent, { intent: "add" }>;
  }

  const { cart, outcome } = await changeCart(db, id, (stored) => applyIntent(stored.lines, step));
  const cookie = cartCookie(cart.id, request, settings);
  const view = await viewCart(db, catalogue, cart, now);
  if (!outcome.ok) {
    return problem(outcome.kind, outcome.message, { cookie, extra: { cart: view } });
  }
  return done(view, { cookie });
}

/**
 * For a refused add from a page without JavaScript: the product and its stock, so /cart can show
 * the product's form again with the choices kept and the sentence beside it.
 */
export async function refusedAddPage(db: Database, fields: AddFields, now: Date) {
  const product = findProduct(await loadCatalogue(db, now.getTime()), fields.productId.trim());
  if (!product) return undefined;
  return { product, stock: await stockLevelsOrEmpty(db, [product.id]), fields };
}

/**
 * POST /checkout "Pay" without JavaScript (issue 25, X-PE-2): the checkout session made from the
 * cart kept on the server (its lines and its discount code) with the delivery chosen in the form,
 * through the same flow as POST /api/create-checkout-session; the payment page's address, or
 * the sentence why not.
 */
export async function payFromCart(
  db: Database,
  request: Request,
  form: FormData,
  address: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Result<{ url: string; sessionId: string }>> {
  const cart = await findCart(db, cartIdOf(request));
  const method = form.get("shippingMethod");
  // The order keeps the cart's id: whoever settles the payment (Stripe's webhook, verify-order,
  // the sandbox) empties this cart, once, even when the browser never comes back.
  return createCheckoutSession(
    db,
    {
      cartItems: cart?.lines ?? [],
      discountCode: cart?.discountCode ?? null,
      shippingMethod: typeof method === "string" && method ? method : null,
      // X-GIFT-3: the "Gift card" field, one code or several separated by commas.
      giftCards: giftCardCodesOf(form.get("giftCards")),
      // X-GIFT-3: who is paying, asked on this page when the gift cards cover the whole order.
      customer: customerOf(form),
    },
    address,
    parts,
    request,
    cart?.id,
  );
}

/** The fields of checkout's "Your details" (an order the gift cards pay in full, X-GIFT-3). */
export const CUSTOMER_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "address",
  "city",
  "postcode",
] as const;

/** What was typed in checkout's "Your details", when any of it was; else null. */
export function customerOf(
  form: FormData,
): Record<(typeof CUSTOMER_FIELDS)[number], string> | null {
  const typed = Object.fromEntries(
    CUSTOMER_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, 300) : ""];
    }),
  ) as Record<(typeof CUSTOMER_FIELDS)[number], string>;
  return Object.values(typed).some((value) => value.trim()) ? typed : null;
}

/** The codes typed in one "Gift card" field: separated by commas, semicolons or new lines. */
export function giftCardCodesOf(value: FormDataEntryValue | null): string[] {
  return typeof value === "string"
    ? value
        .split(/[,;\n]+/)
        .map((code) => code.trim())
        .filter(Boolean)
        .slice(0, 6)
    : [];
}

/** POST /api/verify-order's answer (app/flows/checkout/verify.server.ts), as the page reads it. */
export interface VerifiedOrder {
  success: boolean;
  session: {
    amount_total: number;
    customer_email: string | null;
    order_number: string;
  };
  receipt: OrderReceipt | null;
}

/**
 * GET /order-confirmation?session_id=…: the order verified on the server (the same answer as
 * POST /api/verify-order), so the page shows it without JavaScript (issue 25, X-PE-2), to the
 * browser that opened the checkout only; it changes nothing (X-SEC-20).
 */
export async function confirmationFor(
  db: Database,
  request: Request,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) return null;
  // Another visitor with the id (another buyer's) gets the plain failure (X-SEC-20).
  const outcome = await verifyOrder(db, { sessionId }, parts, request);
  if (!outcome.ok) return null;
  return outcome.data as VerifiedOrder;
}

/**
 * After the sandbox's payment form (a POST from the paying browser): its cart is emptied there,
 * not by the confirmation page's GET (X-SEC-20). After Stripe's, the confirmation page empties
 * it through the cart's own POST.
 */
export async function emptyPaidCart(db: Database, request: Request): Promise<void> {
  await emptyCart(db, cartIdOf(request));
}

/** The /gift-cards form's fields, as typed (kept when it is refused). */
export interface GiftCardFormFields {
  amount: string;
  otherAmount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
}

/**
 * POST /gift-cards (X-GIFT-1): a gift card line added to the server's cart, checked by the gift
 * card rules; a refusal names its field (`fieldErrors`) and keeps what was typed.
 */
export async function addGiftCardByForm(
  db: Database,
  request: Request,
  form: FormData,
  settings: OriginSettings,
  now: Date,
): Promise<Result<CartView>> {
  const read = (name: keyof GiftCardFormFields) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const fields: GiftCardFormFields = {
    amount: read("amount"),
    otherAmount: read("otherAmount"),
    recipientName: read("recipientName"),
    recipientEmail: read("recipientEmail"),
    message: read("message"),
    sendOn: read("sendOn"),
  };
  const refuse = (field: string, message: string) =>
    problem("invalid_input", message, { extra: { fieldErrors: { [field]: message }, fields } });
  const pounds =
    fields.amount === "other" ? fields.otherAmount.trim().replace(/^£/, "") : fields.amount;
  if (!/^\d{1,3}$/.test(pounds)) {
    return refuse(
      fields.amount === "other" ? "otherAmount" : "amount",
      "Choose an amount, or enter a whole number of pounds from £5 to £250.",
    );
  }
  const choice = {
    productId: GIFT_CARD_PRODUCT_ID,
    amountPence: Number(pounds) * 100,
    recipientName: fields.recipientName,
    recipientEmail: fields.recipientEmail,
    message: fields.message.replace(/\r\n/g, "\n"),
    sendOn: fields.sendOn || undefined,
  };
  const wrong = giftCardProblem(choice);
  if (wrong) {
    const field =
      wrong.field === "amountPence"
        ? fields.amount === "other"
          ? "otherAmount"
          : "amount"
        : wrong.field;
    return refuse(field, wrong.message);
  }
  const late = sendOnProblem(choice.sendOn, shopDay(now));
  if (late) return refuse("sendOn", late);
  const parsed = lineChoiceSchema.safeParse(choice);
  if (!parsed.success)
    return refuse("message", parsed.error.issues[0]?.message ?? "Check the gift card's details.");
  const catalogue = await loadCatalogue(db, now.getTime());
  const id = cartIdOf(request);
  const { cart, outcome } = await changeCart(db, id, (stored) =>
    applyIntent(stored.lines, { intent: "add", choice: parsed.data }),
  );
  const cookie = cartCookie(cart.id, request, settings);
  if (!outcome.ok) return problem(outcome.kind, outcome.message, { cookie, extra: { fields } });
  return done(await viewCart(db, catalogue, cart, now), { cookie });
}
