import type { Catalogue } from "~/catalogue/catalogue";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { fromLondonLocal } from "~/shared/london-time";
import { EXPECTED_SIZE_MESSAGE, offerKey } from "./rules";

/** One product option the owner can offer a team (X-TEAM-1), with its shop price. */
export interface TeamOfferChoice {
  /** The offer checkbox's value, "productId|optionType" (`offerKey`). */
  key: string;
  productName: string;
  optionType: string;
  pricePence: number;
}

/** What /admin/teams/new offers: every option of every active product that is not a bundle. */
export function teamOfferChoices(catalogue: Catalogue): TeamOfferChoice[] {
  return [...catalogue.all.values()]
    .filter((product) => product.status === "active" && !product.bundle)
    .flatMap((product) =>
      product.options.map((option) => ({
        key: offerKey(product.id, option.type),
        productName: product.name,
        optionType: option.type,
        pricePence: option.pricePence,
      })),
    );
}

/**
 * The owner's /admin/teams/new form (X-TEAM-1) as the JSON body of POST /api/admin/teams: the
 * closing time typed as UK wall-clock time, each ticked product option with its team price in
 * pounds. Answers the body, or a sentence for the first thing that cannot be read.
 */
export function teamBodyFromForm(
  form: FormData,
  /** Issue 53: a product's name for the sentences (never its id). */
  nameOf: (productId: string) => string | undefined = () => undefined,
): { ok: true; body: Record<string, unknown> } | { ok: false; error: string } {
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const closesLocal = get("closesAt");
  const closesAt = fromLondonLocal(closesLocal);
  if (!closesAt) return { ok: false, error: "Give the closing date and time (UK time)." };
  const minimum = get("minimumItems");
  if (minimum && !/^\d{1,6}$/.test(minimum)) {
    return { ok: false, error: "The minimum must be a whole number of items, or empty." };
  }
  const expected = get("expectedSize");
  if (expected && !/^\d{1,6}$/.test(expected)) return { ok: false, error: EXPECTED_SIZE_MESSAGE };
  // Issue 41: the team's own delivery price, in pounds; empty is £0.
  const typedDelivery = get("deliveryPrice");
  const deliveryPricePence = typedDelivery ? parsePoundsToPence(typedDelivery) : 0;
  if (deliveryPricePence === undefined) {
    return { ok: false, error: "Give the delivery price in pounds, like 3.50, or leave it empty." };
  }
  const products = [];
  for (const value of form.getAll("offer")) {
    const [productId = "", optionType = ""] = String(value).split("|");
    const typed = get(`price:${String(value)}`);
    const teamPricePence = parsePoundsToPence(typed);
    if (teamPricePence === undefined) {
      return {
        ok: false,
        error: `Give a team price in pounds for ${nameOf(productId) ?? "the product"} (${optionType}), like 45.00.`,
      };
    }
    products.push({ productId, optionType, teamPricePence });
  }
  return {
    ok: true,
    body: {
      name: get("name"),
      organiserName: get("organiserName"),
      organiserEmail: get("organiserEmail"),
      closesAt: closesAt.toISOString(),
      delivery: get("delivery"),
      deliveryAddress: get("deliveryAddress") || null,
      deliveryPricePence: deliveryPricePence ?? 0,
      minimumItems: minimum ? Number(minimum) : null,
      expectedSize: expected ? Number(expected) : null,
      memberNames: form.get("memberNames") === "on" || form.get("memberNames") === "true",
      payment: get("payment") || "members",
      fixedText: get("fixedText"),
      products,
    },
  };
}
