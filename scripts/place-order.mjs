// Places one order through a running shop over HTTP, as a browser without JavaScript would: a
// checkout for one product, then the sandbox payment page's form (PAYMENTS=sandbox; Stripe's test
// card, no card is charged). The smoke test after a deploy (docs/deploy.md) and the container
// test's order (.ci/container/test.sh). Usage: node scripts/place-order.mjs [base URL] [e-mail]
// Prints the order's session id; exits 1 with the reason when the shop refused.

/** The order, or throws with what the shop answered. */
export async function placeOrder(base, email = "smoke-test@example.com") {
  const checkout = await fetch(new URL("/api/create-checkout-session", base), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      cartItems: [
        {
          productId: "mens-ranked-gorilla-no-gi-set",
          optionType: "Rashguard",
          size: "L",
          beltRank: "Blue",
          quantity: 1,
        },
      ],
      shippingMethod: "uk-standard",
    }),
  });
  if (checkout.status !== 200)
    throw new Error(`The checkout answered ${checkout.status}: ${await checkout.text()}`);
  const { sessionId } = await checkout.json();
  const cookie = (checkout.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const form = new URLSearchParams({
    firstName: "Sam",
    lastName: "Smoke",
    email,
    phone: "07700 900456",
    address: "2 Quay Street",
    city: "Whitby",
    postcode: "YO21 3PU",
    country: "United Kingdom",
    sameAsShipping: "on",
    cardNumber: "4242 4242 4242 4242",
    cardName: "SAM SMOKE",
    expiryDate: "12/35",
    cvv: "123",
  });
  const paid = await fetch(new URL(`/payment?session_id=${encodeURIComponent(sessionId)}`, base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie && { cookie }) },
    body: form,
    redirect: "manual",
  });
  const to = paid.headers.get("location") ?? "";
  if (paid.status < 300 || paid.status >= 400 || !to.includes("/order-confirmation"))
    throw new Error(`The payment answered ${paid.status} (${to || "no redirect"}).`);
  return { sessionId, requestId: paid.headers.get("x-request-id") };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://localhost:3000";
  try {
    const { sessionId, requestId } = await placeOrder(base, process.argv[3]);
    console.log(`Order placed and paid: session ${sessionId} (payment request ${requestId}).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
