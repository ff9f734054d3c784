/**
 * Every limit the shop states in more than one place, written once (X-ARCH-3): the browser's
 * checks (the stored cart, form fields), the server's schemas and the database's CHECKs
 * (app/db/schema.ts builds them from these figures) all read them from here.
 * Pure and browser-safe: no imports.
 */

// ── A cart and an order (X-SEC-6) ────────────────────────────────────────────────────────────

/** Lines in one cart or order: the stored cart, the cart's actions and checkout agree. */
export const MAX_CART_LINES = 100;
/** How long a server-side cart is kept after its last change (issue 25); then it is swept. */
export const CART_LIFETIME_DAYS = 30;
/** Items on one line: the stored cart, the cart's actions and checkout agree. */
export const MAX_LINE_QUANTITY = 1000;
/** The most one order can come to. */
export const MAX_ORDER_TOTAL_PENCE = 2_000_000;

/** The most of one stocked variant one order may take unless MAX_STOCKED_PER_LINE says otherwise
 *  (X-SEC-11): a visitor cannot hold a variant's whole stock without paying. */
export const DEFAULT_MAX_STOCKED_PER_LINE = 10;
/** Unpaid, unexpired checkouts one address may hold unless PENDING_ORDERS_PER_ADDRESS says
 *  otherwise (X-SEC-11). */
export const DEFAULT_PENDING_ORDERS_PER_ADDRESS = 3;

/** The lengths of a line's choice fields, in characters, after trimming. */
export const LINE_CHOICE_MAX = {
  productId: 100,
  optionType: 40,
  size: 20,
  beltRank: 40,
  color: 40,
} as const;

/** The customer's own text on a line (a name), in characters after trimming (S-PDP-5). */
export const CUSTOM_TEXT_MAX = 20;
/** What a request may send as custom text before it is trimmed. */
export const CUSTOM_TEXT_SENT_MAX = 200;

/** The sentences a refused line is given, in the cart, at checkout and on the server. */
export const QUANTITY_MESSAGE = "Quantity must be a whole number of 1 or more.";
export const QUANTITY_MAX_MESSAGE = `Quantity can be at most ${MAX_LINE_QUANTITY} per item; contact us for larger orders.`;
/** Longer text is refused with this, in the form and on the server, never cut (issue 24 item 12). */
export const CUSTOM_TEXT_MESSAGE = `Up to ${CUSTOM_TEXT_MAX} characters.`;
export const CART_LINES_MESSAGE = `An order can have at most ${MAX_CART_LINES} lines.`;

/** A discount code as typed (S-CHK-3). */
export const DISCOUNT_CODE_MAX = 40;

// ── The catalogue ────────────────────────────────────────────────────────────────────────────

/** A product's name (X-CAT-1). */
export const PRODUCT_NAME_MAX = 120;
/** What the owner writes of a product, and how many of each list (X-CAT-1). */
export const PRODUCT_LIMITS = {
  id: 80,
  description: 4000,
  highlights: 12,
  highlight: 200,
  options: 12,
  /** Sizes, belt ranks or colours of one option. */
  list: 40,
  seoTitle: 70,
  seoDescription: 300,
  /** A price in pence: £10,000.00. */
  pricePence: 1_000_000,
} as const;
/** The site's words (X-CAT-5). */
export const SITE_TEXT_MAX = { bannerText: 120, heroHeading: 60, heroText: 300 } as const;
/** A promotion's name. */
export const PROMOTION_NAME_MAX = 80;

// ── People and what they write ───────────────────────────────────────────────────────────────

/** A person's name on a review or an enquiry. */
export const PERSON_NAME_MAX = 80;
/** An e-mail address (RFC 5321's limit on a path). */
export const EMAIL_MAX = 254;

/** An owner password has at least this many characters (X-OPS-1, X-DAY-4). */
export const MIN_PASSWORD_LENGTH = 12;
/** A review's text (X-REV-1). */
export const REVIEW_TEXT_MAX = 2000;
/** Megabytes of photos one address may upload in 24 hours unless UPLOAD_BYTES_PER_DAY_MB says
 *  otherwise (X-SEC-6). */
export const DEFAULT_UPLOAD_MB_PER_DAY = 100;
/** Photos on one review. */
export const REVIEW_PHOTOS_MAX = 5;
/** A review's rating: 1 to this many stars. */
export const REVIEW_STARS_MAX = 5;
/** An enquiry's academy or team name (X-INFO-1). */
export const ENQUIRY_ACADEMY_MAX = 120;
/** An enquiry's message (X-INFO-1). */
export const ENQUIRY_MESSAGE_MAX = 4000;
/** An order number as typed ("GT-10001"): tracking and returns. */
export const ORDER_NUMBER_MAX = 20;
/** Why a customer sends items back (X-UK-5). */
export const RETURN_REASON_MAX = 1000;

// ── The back office ──────────────────────────────────────────────────────────────────────────

/** The owner's internal note on an order (X-OPS-3). */
export const ORDER_NOTE_MAX = 2000;
/** Why the owner refunds (X-DAY-1): kept in the order's history and told to the customer. */
export const REFUND_REASON_MAX = 300;
/** A carrier's name and a tracking number (X-OPS-4). */
export const CARRIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 80;
/** A variant's stock (X-STK-1). */
export const STOCK_QUANTITY_MAX = 100_000;

// ── Product photos (issue 22, X-PHOTO) ──────────────────────────────────────────────────────

export const PRODUCT_PHOTO_LIMITS = {
  /** Photos of one product. */
  perProduct: 12,
  /** Bytes of one uploaded file. */
  bytes: 20 * 1024 * 1024,
  /** Pixels of one photo (width × height): past it, an image bomb. */
  pixels: 40_000_000,
  /** Characters of the alt text. */
  alt: 300,
  /** Characters of a colour tag. */
  color: 60,
} as const;

/** A team store's address part, /team/<slug> (X-TEAM-1). */
export const TEAM_SLUG_MAX = 80;
/** X-TEAM-2: a member's own name on a team line, at most CUSTOM_TEXT_MAX characters. */
export const PRINT_NAME_MESSAGE = `The member's name may be up to ${CUSTOM_TEXT_MAX} characters.`;
