import type { DeliverySettings } from "~/pricing/shipping";
import type { ShopParts } from "~/flows/parts.server";
import type { Database } from "~/db/client.server";
import type { Catalogue } from "~/catalogue/catalogue";
import { createCheckoutSession } from "~/flows/checkout/create-session.server";
import { checkCartItems } from "~/flows/checkout/request";
import {
  DEFAULT_SHIPPING_METHOD,
  isShippingMethodId,
  type ShippingMethodId,
} from "~/pricing/shipping";
import { orderTotals, type OrderTotals, withDeliveryPence } from "~/pricing/totals";
import { done, problem, type Result } from "~/shared/problems";
import { type LineChoice, lineChoiceSchema } from "~/shared/line-choice";
import { firstIssue } from "~/flows/checkout/request";
import { checkTeamLines } from "./team-lines.server";
import type { CartLine } from "~/cart/cart";

/**
 * The team page's own small checkout step (X-TEAM-2): one member's choice from /team/<slug>, as
 * form fields (works without JavaScript), checked and priced by the same rules as
 * POST /api/create-checkout-session, then sent through that flow to the payment page.
 */

/** The member's choice as the product form sends it. */
export function teamChoiceFromFields(slug: string, fields: URLSearchParams | FormData) {
  const get = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" && value.trim() ? value : undefined;
  };
  const method = get("shippingMethod");
  const parsed = lineChoiceSchema.safeParse({
    productId: get("productId") ?? "",
    optionType: get("optionType") ?? "",
    size: get("size") ?? "",
    beltRank: get("beltRank"),
    color: get("color"),
    printName: get("printName"),
    quantity: 1,
    team: slug,
  });
  if (!parsed.success) {
    return { ok: false as const, error: firstIssue(parsed.error).replace(/^Item 1: /, "") };
  }
  return {
    ok: true as const,
    choice: parsed.data,
    shippingMethod: (isShippingMethodId(method)
      ? method
      : DEFAULT_SHIPPING_METHOD) as ShippingMethodId,
  };
}

export interface TeamCheckoutPreview {
  /** The owner's delivery settings the charges come from (X-TRUE-2). */
  delivery: DeliverySettings;
  line: CartLine;
  totals: OrderTotals;
  shippingMethod: ShippingMethodId;
  /** Whether the line is posted to the member (individual delivery) or sent with the team. */
  shippedToMember: boolean;
}

/** The line and what it costs with the chosen delivery; a refusal says why in a sentence. */
export async function previewTeamChoice(
  db: Database,
  catalogue: Catalogue,
  choice: LineChoice,
  shippingMethod: ShippingMethodId,
  now: Date,
): Promise<Result<TeamCheckoutPreview>> {
  const checked = await checkTeamLines(
    db,
    catalogue,
    [choice],
    (items) => checkCartItems(catalogue, items),
    now,
  );
  if (!checked.ok) return problem(checked.kind, checked.message.replace(/^Item 1: /, ""));
  const line = checked.lines[0]!;
  const totals = orderTotals(
    checked.lines,
    0,
    shippingMethod,
    catalogue.settings.settings.delivery,
    checked.shipped,
  );
  return done({
    line,
    // Delivered with the team: the team's own delivery price (issue 41), as the order will be.
    totals: checked.teamDelivery
      ? withDeliveryPence(totals, checked.teamDelivery.pricePence)
      : totals,
    shippingMethod,
    shippedToMember: checked.shipped.length > 0,
    delivery: catalogue.settings.settings.delivery,
  });
}

/** "Pay" on the team checkout step: the payment page's address, or a sentence. */
export async function payForTeamChoice(
  db: Database,
  slug: string,
  form: FormData,
  address: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  request?: Request,
): Promise<Result<{ url: string }>> {
  const read = teamChoiceFromFields(slug, form);
  if (!read.ok) return problem("invalid_input", read.error);
  const session = await createCheckoutSession(
    db,
    { cartItems: [read.choice], shippingMethod: read.shippingMethod },
    address,
    parts,
    request,
  );
  if (!session.ok) return session;
  // The receipt's cookie goes with it: only this browser is shown the receipt (X-SEC-20).
  return done({ url: session.data.url }, { cookie: session.cookie });
}
