import type { RateLimit } from "./rate-limit.server";

/** Every per-address quota of the shop in one place (X-SEC-6, X-SHOP-4); a minute each. */
export const QUOTAS = {
  checkout: {
    name: "checkout",
    limit: (settings) => settings.CHECKOUT_RATE_LIMIT,
    message: "You have started many checkouts in a short time. Please wait {seconds} seconds.",
  },
  /** Owner sign-ins (X-SEC-10): taken before any password is hashed, whichever account. */
  signIn: {
    name: "sign-in",
    limit: (settings) => settings.SIGN_IN_RATE_LIMIT,
    message:
      "Too many sign-in attempts from your connection. Please wait {seconds} seconds and try again.",
  },
  /** The cart's changes (POST /cart and /api/cart, issue 25): generous, a person taps often. */
  cart: {
    name: "cart",
    limit: 240,
    message: "Too many changes to your cart in a short time. Please wait {seconds} seconds.",
  },
  discountCheck: {
    name: "discount-check",
    limit: 60,
    message: "Too many discount code checks. Please wait {seconds} seconds and try again.",
  },
  /** Gift card codes tried at the balance check (X-GIFT-4) and at checkout (X-GIFT-3). */
  giftCardCheck: {
    name: "gift-card-check",
    limit: (settings) => settings.GIFT_CARD_CHECK_RATE_LIMIT,
    message: "Too many gift card checks. Please wait {seconds} seconds and try again.",
  },
  verifyOrder: {
    name: "verify-order",
    limit: 60,
    message: "Too many order checks. Please wait {seconds} seconds and try again.",
  },
  tracking: {
    name: "tracking",
    limit: 20,
    message: "Too many lookups. Please wait a minute and try again.",
  },
  /** Returns requests look orders up by number and e-mail, like tracking (X-UK-5). */
  returnRequest: {
    name: "return-request",
    limit: 20,
    message: "Too many attempts. Please wait a minute and try again.",
  },
  review: {
    name: "review",
    limit: (settings) => settings.REVIEW_RATE_LIMIT,
    message: "You have sent several reviews in a short time. Please wait a minute and try again.",
  },
  upload: {
    name: "upload",
    limit: (settings) => settings.UPLOAD_RATE_LIMIT,
    message: "You have uploaded many photos in a short time. Please wait a minute and try again.",
  },
  enquiry: {
    name: "enquiry",
    limit: (settings) => settings.ENQUIRY_RATE_LIMIT,
    // The seller's e-mail is the owner's setting (X-OWN-1): the contact page shows it.
    message:
      "Too many enquiries from your connection. Please wait {seconds} seconds and try again, or e-mail us at the address on our contact page.",
  },
  /** Back-in-stock alert requests (X-FIT-3): each sends a confirm e-mail, so a few a minute. */
  stockAlert: {
    name: "stock-alert",
    limit: 10,
    message: "Too many alert requests from your connection. Please wait {seconds} seconds.",
  },
  /** A team organiser's roster upload e-mails every member (X-TEAM-3): a few a minute. */
  rosterUpload: {
    name: "roster-upload",
    limit: 5,
    message:
      "You have uploaded several rosters in a short time. Please wait a minute and try again.",
  },
} satisfies Record<string, RateLimit>;
