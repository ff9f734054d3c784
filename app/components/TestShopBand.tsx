/**
 * The band on every storefront page while no card is charged (X-OWN-3): the sandbox takes the
 * payments, or Stripe with a test key. It goes when a live Stripe key is saved and accepted.
 */
export function TestShopBand() {
  return (
    // A landmark of its own, so every part of the page sits in one (axe's "region").
    <aside
      aria-label="Test shop"
      data-testid="test-shop-band"
      className="bg-belt-yellow px-4 py-1.5 text-center text-sm font-semibold text-ink"
    >
      Test shop: no card is charged
    </aside>
  );
}
