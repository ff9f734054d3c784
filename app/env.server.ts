import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
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
  /** Where enquiries and order copies for the shop go. */
  SHOP_EMAIL: z.email("SHOP_EMAIL must be an e-mail address").default("hello@griptruth.co.uk"),
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
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(25),
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
