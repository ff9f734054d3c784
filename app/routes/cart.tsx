import { clockFrom, settingsFrom } from "~/db/context.server";
import { data, redirect } from "react-router";
import { type CartRefusal, CartPage } from "~/cart/CartPage";
import { dbFrom } from "~/db/context.server";
import {
  changeCartByForm,
  readCart,
  refusedAddPage,
  type RefusedAdd,
} from "~/flows/checkout/cart-actions.server";
import { isDiscountAttempt } from "~/cart/intents";
import { answerOf, pageEndpoint, takeQuota } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/cart";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () =>
  pageMeta({ title: "Your cart", description: "The items in your GRIP TRUTH cart." });

/** Someone's own cart: never kept by the page cache or any other. */
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await readCart(dbFrom(context), request, clockFrom(context).now()), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** Where a change made without JavaScript lands: the page it was made on (/cart or /checkout). */
const RETURN_TO = new Set(["/cart", "/checkout"]);

/**
 * POST /cart: the cart's actions as forms send them without JavaScript (issue 25, X-PE-1). A
 * change redirects (303) to the page it came from; a refusal renders this page with the
 * sentence (and, for an add, the product's form with the choices kept) and a 4xx.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.list },
    rateLimit: QUOTAS.cart,
    noStore: true,
  },
  async ({ db, request, body, context }) => {
    // A code tried here counts against the same limit as /api/discounts/validate (X-SEC-19).
    if (isDiscountAttempt(body)) {
      const over = await takeQuota(QUOTAS.discountCheck, { request, context });
      if (over) return over;
    }
    const outcome = await changeCartByForm(
      db,
      request,
      body,
      settingsFrom(context),
      clockFrom(context).now(),
    );
    if (outcome.ok) {
      const back = String(body.get("returnTo") ?? "");
      const to =
        body.get("intent") === "add" ? "/cart?added=1" : RETURN_TO.has(back) ? back : "/cart";
      throw redirect(to, { status: 303, headers: answerOf(outcome).headers });
    }
    const fields = (outcome.extra as RefusedAdd | undefined)?.refusedAdd;
    const page = fields ? await refusedAddPage(db, fields, clockFrom(context).now()) : undefined;
    return { ...outcome, extra: { ...outcome.extra, refusedProduct: page ?? null } };
  },
);

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage server={loaderData} answer={actionData as CartRefusal | undefined} />;
}
