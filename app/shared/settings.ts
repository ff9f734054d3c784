// The shop's settings (X-ARCH-1): the schema every setting is read by, and the type the validated
// settings have. Pure: nothing here reads the environment. The composition root
// (app/server/env.server.ts) parses process.env with this schema and hands the result down; any
// layer may name the type.
import { z } from "zod";
import {
  DEFAULT_MAX_STOCKED_PER_LINE,
  DEFAULT_PENDING_ORDERS_PER_ADDRESS,
  DEFAULT_UPLOAD_MB_PER_DAY,
} from "./limits";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url("PUBLIC_URL must be an absolute URL").optional()),
  /** SMTP server for e-mail (smtp://user:pass@host:587); without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("GRIP TRUTH <orders@griptruth.co.uk>"),
  /** Where the shop's own mail goes (enquiries, notices) when the settings name no "notices to"
   *  address; unset: the seller's e-mail in the settings (X-OWN-1). Kept for shops that set it. */
  SHOP_EMAIL: optionalString.pipe(z.email("SHOP_EMAIL must be an e-mail address").optional()),
  /** "off": no notice of each paid order and return request to the shop (X-DAY-5). */
  OWNER_NOTIFICATIONS: z
    .enum(["on", "off"], { error: "OWNER_NOTIFICATIONS must be on or off" })
    .default("on"),
  /** Who takes payments: `sandbox` (test cards only) or `stripe`; unset: Stripe when its key is
   *  set, else the sandbox, which an https PUBLIC_URL refuses (X-SEC-1). */
  PAYMENTS: optionalString.pipe(
    z.enum(["sandbox", "stripe"], { error: "PAYMENTS must be sandbox or stripe" }).optional(),
  ),
  /** Key for the signed review links in buyers' e-mails (X-SEC-8); generated and kept in the
   *  database when unset. */
  REVIEW_LINK_SECRET: optionalString.pipe(
    z.string().min(32, "REVIEW_LINK_SECRET must be at least 32 characters").optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Test hook: point the Stripe SDK at a local fake (http://127.0.0.1:12111). */
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  /**
   * The shop's VAT registration number (X-UK-2). When set, receipts show the VAT included at 20%
   * and this number; when unset, no VAT lines anywhere.
   */
  VAT_NUMBER: optionalString.pipe(
    z
      .string()
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .pipe(
        z
          .string()
          .regex(
            /^(GB|XI)?(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
            "VAT_NUMBER must be a UK VAT number such as GB123456789",
          ),
      )
      .optional(),
  ),
  /** Proxies in front of the shop whose X-Forwarded-* headers count (X-SEC-4): a hop count, or a
   *  comma-separated list of addresses, CIDR ranges or Express's names (loopback, uniquelocal). */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY must be a number of proxy hops (e.g. 1) or a list of proxy addresses (e.g. 10.0.0.1, 10.0.0.0/8, loopback)",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(25),
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Gift card codes tried a minute per address, at the balance check and at checkout (X-GIFT-4). */
  GIFT_CARD_CHECK_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** A pending order is cancelled and gives back its stock this long after it was made. */
  CHECKOUT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How often each process looks for pending orders past their expiry time. */
  EXPIRY_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Issue 27: a refund still pending this long after the provider was last asked (a crash, a
   * timeout) is asked again with the same idempotency key, backing off up to an hour, for a day.
   */
  REFUND_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A JSON file of stock settings ([{productId, optionType, size, color?, quantity}]) applied at start. */
  STOCK_SEED_FILE: optionalString,
  /** Checkout sessions a minute per client address (X-SEC-6). */
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Owner sign-in attempts a minute per client address, before any password is hashed (X-SEC-10). */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Redis for shared rate limits (redis://host:6379); without it they are counted in the database. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")
      .optional(),
  ),
  /** What every Redis key of this shop starts with, so shops can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, "REDIS_PREFIX must be 1 to 64 letters, digits or _ : . -")
    .default("grip-truth:"),
  /** Connections each process keeps to PostgreSQL at most. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How often each process looks for e-mail to send. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** How long a worker's claim on an e-mail holds before another worker may take it. */
  OUTBOX_CLAIM_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The most of one stocked variant a single order may take, its lines together (X-SEC-11). */
  MAX_STOCKED_PER_LINE: z.coerce.number().int().min(1).default(DEFAULT_MAX_STOCKED_PER_LINE),
  /** Unpaid checkouts (pending, not yet expired) one address may hold at once (X-SEC-11). */
  PENDING_ORDERS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PENDING_ORDERS_PER_ADDRESS),
  /** Megabytes of review photos one address may upload in 24 hours (X-SEC-6). */
  UPLOAD_BYTES_PER_DAY_MB: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_MB_PER_DAY),
  /** Total size of all stored review photos, in megabytes; uploads beyond it are refused. */
  PHOTO_STORAGE_LIMIT_MB: z.coerce.number().int().min(1).default(2048),
  /** An S3-compatible bucket for product photo files (issue 22); unset: they are kept in the
   *  database. S3_ENDPOINT for a non-AWS server (path-style addresses), S3_REGION, and the
   *  access key pair (unset: the AWS SDK's own credential chain). */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url("S3_ENDPOINT must be an absolute URL").optional()),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /**
   * A folder the shop writes a backup into every night (docs/operations.md); unset: the bucket's
   * `backups/` with S3_BUCKET, else none.
   */
  BACKUP_DIR: optionalString,
  /**
   * The key backups are signed with (X-SEC-23): at least 32 characters, kept away from the
   * backups. Unset: one is made once into DATA_DIR/backup.key (docs/operations.md).
   */
  BACKUP_KEY: optionalString.pipe(
    z.string().min(32, "BACKUP_KEY must be at least 32 characters long").optional(),
  ),
  /** When the nightly backup is taken, HH:MM on UK time. */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "BACKUP_SCHEDULE must be a time of day as HH:MM (UK time)")
    .default("03:30"),
  /** How many nightly backups BACKUP_DIR (or the bucket) keeps (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /** "off" stops this process from sending mail and cleaning up (another process does it). */
  BACKGROUND_WORK: z.enum(["on", "off"]).default("on"),
  /** "off" renders every page on every request: no shared HTML cache (X-PERF-3). */
  HTML_CACHE: z.enum(["on", "off"]).default("on"),
  /** The first owner account, created at start when the shop has none (X-OPS-1). */
  ADMIN_EMAIL: optionalString.pipe(z.email("ADMIN_EMAIL must be an e-mail address").optional()),
  ADMIN_PASSWORD: optionalString,
  /** The password `npm run owner:create` gives the new owner (else read from standard input). */
  OWNER_PASSWORD: optionalString,
  /** On SIGTERM, how long requests in flight may take before they are cut (X-SCALE-6). */
  STOP_DEADLINE_MS: z.coerce.number().int().min(0).default(10_000),
  /** A request's headers and body must arrive within this, else 408 and the connection closes
   *  (X-SEC-14): a client sending a byte at a time cannot hold a connection. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** A request's headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: 404 (issue 35). */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  ),
  /** The least level a log line must have to be written (JSON lines on standard output). */
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace"], {
      error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace",
    })
    .default("info"),
  /**
   * The key the back office's saved secrets (the SMTP password, Stripe's keys) are sealed with
   * (X-OWN-2): 32 bytes as 64 hex digits or base64. Unset: DATA_DIR/secrets.key, made at the
   * first save. Never in the database or its backups (docs/operations.md, "Going live").
   */
  SECRETS_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
        "SECRETS_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)",
      )
      .optional(),
  ),
  /** Signs the owner session cookie (the id in it is random either way); generated and kept in
   *  the database when unset, like the review-link key. */
  SESSION_SECRET: optionalString,
});

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const ADDRESS_OR_RANGE = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: false (none), a hop count, or a list of
 * addresses. `true` (trust every hop, so any client could forge its address) is taken as one
 * hop: the proxy directly in front. Undefined when the value is not understood.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const lower = value.toLowerCase();
  if (lower === "" || lower === "false" || lower === "0") return false;
  if (lower === "true") return 1;
  if (/^\d+$/.test(lower)) return Number(lower);
  const list = lower.split(",").map((item) => item.trim());
  if (list.every((item) => PROXY_NAMES.has(item) || ADDRESS_OR_RANGE.test(item))) return list;
  return undefined;
}

/** The schema with the checks that span settings, as the reader parses with it. */
export const checkedEnvSchema = envSchema
  .refine((config) => config.HEADERS_TIMEOUT_MS <= config.REQUEST_TIMEOUT_MS, {
    path: ["HEADERS_TIMEOUT_MS"],
    message: "HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS",
  })
  .refine((config) => !config.S3_ACCESS_KEY_ID === !config.S3_SECRET_ACCESS_KEY, {
    path: ["S3_SECRET_ACCESS_KEY"],
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
  });

export type Env = z.infer<typeof envSchema> & { dataDir: string };
