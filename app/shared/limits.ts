/**
 * Every limit the shop states in more than one place, written once (X-ARCH-3): the browser's
 * checks (the stored cart, form fields), the server's schemas and the database's CHECKs
 * (app/db/schema.ts builds them from these figures) all read them from here.
 * Pure and browser-safe. The ones a cart line is held to and shown with are in ./cart-limits.ts,
 * which the storefront's code reads without the rest of this file (issue 51 item 5); they are
 * exported here too.
 */
import { CUSTOM_TEXT_MAX, MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-limits";

export {
  CUSTOM_TEXT_MAX,
  CUSTOM_TEXT_MESSAGE,
  FEW_LEFT,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "./cart-limits";

// ── A cart and an order (X-SEC-6) ────────────────────────────────────────────────────────────

/** How long a server-side cart is kept after its last change (issue 25); then it is swept. */
export const CART_LIFETIME_DAYS = 30;
/** How long the browser that opened a checkout may see its receipt (X-SEC-20). */
export const RECEIPT_COOKIE_DAYS = 7;
/** How many of a browser's latest checkouts its receipt cookie names (X-SEC-20). */
export const RECEIPT_SESSIONS_KEPT = 5;
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

/** What a request may send as custom text before it is trimmed. */
export const CUSTOM_TEXT_SENT_MAX = 200;

/** The sentences a refused line is given, in the cart, at checkout and on the server. */
export const QUANTITY_MESSAGE = "Quantity must be a whole number of 1 or more.";
export const QUANTITY_MAX_MESSAGE = `Quantity can be at most ${MAX_LINE_QUANTITY} per item; contact us for larger orders.`;
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
export const TEAM_NAME_MAX = 80;
export const TEAM_ADDRESS_MAX = 400;
export const TEAM_PRODUCTS_MAX = 30;
export const TEAM_MINIMUM_MAX = 10_000;
/** A team price may not be above this (£1,000.00 a item). */
export const TEAM_PRICE_MAX_PENCE = 100_000;
/** Issue 41: the most a team delivered together may charge each member order for its delivery. */
export const TEAM_DELIVERY_PRICE_MAX_PENCE = 10_000;
/** Issue 41: the owner's note to members on a team store's page. */
export const TEAM_NOTE_MAX = 500;
/** Members on one roster upload (X-TEAM-3), and the most problems its answer names. */
export const UPLOAD_ROWS_MAX = 500;
export const UPLOAD_PROBLEMS_MAX = 50;
/**
 * X-SEC-16: a team's roster invitations. At most the team's expected size of addresses ever
 * (the owner sets it, 1 to TEAM_EXPECTED_SIZE_MAX, 60 unless said), at most
 * ROSTER_INVITES_PER_DAY_MAX invitations a UK day per team, one per address per team a day.
 */
export const TEAM_EXPECTED_SIZE_DEFAULT = 60;
export const TEAM_EXPECTED_SIZE_MAX = 500;
/** X-TEAM-7: the most entries an organiser-paid team store holds (and one payment covers). */
export const TEAM_ENTRIES_MAX = 200;
export const ROSTER_INVITES_PER_DAY_MAX = 100;
/** X-SEC-16: a member's name on a roster, and the organiser's note in every invitation. */
export const ROSTER_NAME_MAX = 60;
export const ROSTER_NOTE_MAX = 300;

// ── Review photos (X-REV-1) ──────────────────────────────────────────────────────────────────

export const REVIEW_PHOTO_LIMITS = {
  /** Bytes of one uploaded file. */
  bytes: 10 * 1024 * 1024,
  /** Pixels of one photo (width × height): past it, an image bomb. */
  pixels: 40_000_000,
  /** The long side of the stored photo and of its thumbnail, in pixels. */
  longSide: 1600,
  thumbSide: 400,
} as const;
/**
 * X-SEC-18: what decoding pictures may cost (app/background/image-queue.ts). One decode at a time
 * in a process, the owner's first, addresses taking turns; an address may decode at most
 * `megapixelsPerMinute` a minute and have `perAddress` photos waiting or decoding; at most
 * `waiting` visitors' photos wait in all (past it, 503 for `retryAfterSeconds`); any one decode
 * stops after `decodeSeconds` (the owner's, larger and rarer, after `ownerDecodeSeconds`).
 */
/**
 * The `drawings` job (X-SEC-18): every DRAWINGS_EVERY_MS it makes DRAWINGS_BATCH missing drawing
 * PNG, once no photo has come to the image queue for DRAWINGS_QUIET_MS, so that filling the
 * store after a first start never holds up a photo by more than one drawing.
 */
export const DRAWINGS_BATCH = 1;
export const DRAWINGS_EVERY_MS = 5_000;
export const DRAWINGS_QUIET_MS = 30_000;
export const IMAGE_WORK_LIMITS = {
  megapixelsPerMinute: 60,
  perAddress: 2,
  waiting: 16,
  retryAfterSeconds: 10,
  decodeSeconds: 5,
  ownerDecodeSeconds: 20,
  /** The shop's own drawings (trusted SVG, a few seconds each on a busy machine). */
  drawingSeconds: 60,
} as const;
/** How many product-page reviews show before See More (S-REV-1). */
export const NEWEST_SHOWN = 3;
/** The uploader cookie's life in seconds: longer than an unattached photo lives (24 hours). */
export const UPLOADER_MAX_AGE = 7 * 24 * 60 * 60;

// ── The storefront ───────────────────────────────────────────────────────────────────────────

/** Products per "page"; ?page=N shows the first N × COLLECTION_PAGE_SIZE, as Load More appends. */
export const COLLECTION_PAGE_SIZE = 6;
export const COLLECTION_MAX_PAGE = 50;
/** The longest query the search takes, in the box and on /search. */
export const SEARCH_QUERY_MAX = 100;
/** At most this many products and this many pages in the header's list (S-SRCH-2). */
export const SEARCH_LIMIT_PER_KIND = 3;

// ── The owner's lists and figures ────────────────────────────────────────────────────────────

/** Rows a page of the owner's orders, customers and products. */
export const ORDERS_PAGE_SIZE = 50;
export const CUSTOMERS_PAGE_SIZE = 50;
export const OWNER_PAGE_SIZE = 50;
/** The owner's lists' search text, in characters, and the highest page asked for. */
export const LIST_QUERY_MAX = 100;
export const LIST_PAGE_MAX = 100_000;
/** The dashboard's period in days: unless asked, and at most. */
export const SUMMARY_DAYS_DEFAULT = 30;
export const SUMMARY_DAYS_MAX = 366;
/** A stocked variant with this many or fewer left is listed as running low. */
export const LOW_STOCK_AT = 3;
/** Best sellers on the dashboard. */
export const TOP_PRODUCTS = 5;
/** A refund not settled this long after it was asked for is shown to the owner (issue 27). */
export const REFUND_ATTENTION_MINUTES = 10;
/** Failed refunds are shown for this long, unless a later refund on the order went through. */
export const FAILED_SHOWN_DAYS = 30;
/** Most errors a catalogue import answers with. */
export const IMPORT_ERRORS_MAX = 50;
/** Rows one catalogue import may hold. */
export const IMPORT_ROWS_MAX = 5000;

// ── Owners and signing in ────────────────────────────────────────────────────────────────────

/** An owner password has at most this many characters (and at least MIN_PASSWORD_LENGTH). */
export const PASSWORD_MAX = 200;
/** How long an owner stays signed in. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** 5 wrong passwords for an account from one address within 15 minutes lock it out there. */
export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
/** A password reset's answer takes at least this long either way, so its timing does not tell. */
export const RESET_ANSWER_FLOOR_MS = 400;
/** At most this many unused reset links per owner at a time: no flood of e-mails. */
export const MAX_LIVE_RESET_LINKS = 3;
/**
 * At most this many hashes run at once in the process (X-SEC-10): each takes 32 MiB and a thread
 * of the pool every file read and DNS lookup share. More wait in a short queue; beyond it the
 * caller is told the sign-in is busy instead of piling up work.
 */
export const MAX_HASHES_AT_ONCE = 2;
export const MAX_HASHES_WAITING = 16;

// ── Background work and timings ──────────────────────────────────────────────────────────────

/** How many e-mails one pass of the mail job sends. */
export const MAIL_BATCH = 10;
/** How many due orders one pass claims; the next pass takes the rest. */
export const EXPIRY_BATCH = 100;
/** Issue 56 (WCAG 2.2.1): how long "keep my order" holds an unpaid order from that moment. */
export const HOLD_EXTENSION_MINUTES = 30;
/** Issue 56: how many times one order may be kept longer (the criterion asks at least 3). */
export const HOLD_EXTENSIONS_MAX = 3;
/** Issue 56: the payment page warns this long before the order's hold ends. */
export const HOLD_WARNING_SECONDS = 120;
/** How many closed teams one pass takes; a full pass runs again at once. */
export const TEAM_CLOSING_BATCH = 20;
/** How many late-paid member orders one pass takes; a full pass runs again at once. */
export const LATE_PAYMENT_BATCH = 20;
/** The retry job asks about a refund for this long after it was made, then leaves it to the owner. */
export const REFUND_RETRY_FOR_HOURS = 24;
export const REFUND_RETRY_BATCH = 10;
/** The longest wait between two asks of the provider about one refund (the retry job). */
export const LONGEST_WAIT_SECONDS = 3600;
/** Stripe's shortest session (30 minutes), with a minute for clocks and the network. */
export const STRIPE_MINIMUM_EXPIRY_SECONDS = 31 * 60;
/**
 * How long a process's claim on a photo holds (X-PHOTO-2). Making a 40-megapixel photo's ten
 * renditions takes a few seconds; a process killed mid-way leaves the photo to another when its
 * claim runs out.
 */
export const PHOTO_CLAIM_MS = 60_000;
/** A photo that failed this many times (its claim ran out each time) is marked failed. */
export const PHOTO_ATTEMPTS = 3;
/**
 * The e-mail renditions' backfill (X-SAFE-3): this many photos a round (a full round runs again
 * at once), a round this often; each photo waits behind every owner's and visitor's photo.
 */
export const EMAIL_BACKFILL_BATCH = 4;
export const EMAIL_BACKFILL_EVERY_MS = 60_000;
/** How long a database probe's answer is trusted. */
export const PROBE_EVERY_MS = 1_000;
/**
 * How often a process asks the database whether the catalogue changed (X-CAT-1): an owner's
 * change shows on every process within this plus the page cache's 8 s (HTML_CACHE_MAX_AGE_MS),
 * under 10 s. The question is one row by its key.
 */
export const CATALOGUE_CHECK_MS = 1_000;
/**
 * How often a process asks the database whether the owner changed the mail server, Stripe's keys
 * or the public address in the back office (X-OWN-2, X-OWN-3): the process that saved uses them at
 * once, the others within this. The question is one small table.
 */
export const SERVICE_SETTINGS_CHECK_MS = 1_000;

// ── The page cache (X-PERF-3) ────────────────────────────────────────────────────────────────

/**
 * The oldest a stored page may be when it is answered (counted from the start of its render):
 * the bound on how late a new or hidden review, a stock change or an owner's change shows on a
 * process that did not make it (a process forgets everything it stored as soon as it handles a
 * change itself). Under the 10 seconds, with room for a slow render.
 */
export const HTML_CACHE_MAX_AGE_MS = 8_000;
/** From this age on, the next request starts a fresh render in the background; the stored page
 *  is answered meanwhile, so a page that is asked for keeps being refreshed before its limit. */
export const HTML_CACHE_REFRESH_MS = HTML_CACHE_MAX_AGE_MS / 2;
/** Memory bounds: pages kept at most, and their bytes (HTML plus its gzip copy) together. */
export const HTML_CACHE_MAX_ENTRIES = 500;
export const HTML_CACHE_MAX_BYTES = 32 * 1024 * 1024;

// ── Request bodies (X-SEC-6) ─────────────────────────────────────────────────────────────────

const KIB = 1024;
const MIB = 1024 * KIB;

/** The multipart wrapping around an uploaded file: boundaries, headers, the file name, the
 *  form's other fields. */
export const MULTIPART_OVERHEAD = 64 * KIB;

/** The largest body each kind of request may send, in bytes; past it, 413 before any parsing. */
export const BODY_LIMITS = {
  /** A switch or an id: hide a review, cancel a team, mark an enquiry handled. */
  flag: 1 * KIB,
  /** An e-mail address and a password or two. */
  credentials: 2 * KIB,
  /** A short form or object: a sign-in, a code, a status, a refund, a stock change. */
  short: 4 * KIB,
  /** A form with a note or the site's words. */
  note: 8 * KIB,
  /** One thing's whole form or object: checkout, a payment, a return, an enquiry, a team. */
  form: 16 * KIB,
  /** A list of lines: a cart's lines as a form, a new team with its products. */
  list: 32 * KIB,
  /** A whole document: a cart to price, a product, a review, the stock table. */
  document: 64 * KIB,
  /** An event from Stripe. */
  webhook: 256 * KIB,
  /** A team's roster, a CSV file. */
  roster: 256 * KIB,
  /** The catalogue as a CSV file. */
  catalogueFile: 2 * MIB,
  /** A product photo with its form. */
  productPhoto: PRODUCT_PHOTO_LIMITS.bytes + MULTIPART_OVERHEAD,
  /** A review photo with its form. */
  reviewPhoto: REVIEW_PHOTO_LIMITS.bytes + MULTIPART_OVERHEAD,
  /** Any request at all: no body is larger than the owner's 20 MB product photo plus its
   *  multipart wrapping (a review photo is at most 10 MB); the server refuses a larger declared
   *  body before any route, and each route's own limit is counted while its body streams. */
  any: PRODUCT_PHOTO_LIMITS.bytes + 1 * MIB,
} as const;

/** A nightly backup not written this long after its BACKUP_SCHEDULE time is a "Needs attention" item. */
export const BACKUP_LATE_AFTER_MINUTES = 120;

// ── Back-in-stock alerts (X-FIT-3) ───────────────────────────────────────────────────────────

/** An alert whose confirm link is not used within this many days is deleted. */
export const STOCK_ALERT_CONFIRM_DAYS = 7;
/**
 * X-SEC-24: confirmation e-mails one address is sent in a day, in all (whoever asks); and one a
 * day for each size. Asking beyond them gets the same answer, and no e-mail.
 */
export const STOCK_ALERT_MAILS_PER_DAY = 3;
/** Alerts sent per run of the `stock-alerts` job. */
export const STOCK_ALERT_BATCH = 50;
