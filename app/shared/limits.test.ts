import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PgDialect, getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  BODY_LIMITS,
  CUSTOM_TEXT_MAX,
  EMAIL_MAX,
  ENQUIRY_MESSAGE_MAX,
  LINE_CHOICE_MAX,
  PERSON_NAME_MAX,
  RETURN_REASON_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_STARS_MAX,
  REVIEW_TEXT_MAX,
} from "./limits";

/** Every CHECK the committed migrations create, by name: the last definition of each. */
function committedChecks(): Map<string, string> {
  const checks = new Map<string, string>();
  const folder = "drizzle";
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  for (const file of files) {
    for (const line of readFileSync(path.join(folder, file), "utf8").split("\n")) {
      const match =
        /CONSTRAINT "([a-z0-9_]+)" CHECK \((.*)\)[,;]?(?:--> statement-breakpoint)?$/.exec(
          line.trim(),
        );
      if (match) checks.set(match[1]!, match[2]!);
    }
  }
  return checks;
}

/** Every CHECK app/db/schema.ts declares, by name, as drizzle-kit writes it into a migration. */
function schemaChecks(): Map<string, string> {
  const dialect = new PgDialect();
  const checks = new Map<string, string>();
  for (const value of Object.values(schema)) {
    if (
      typeof value !== "object" ||
      value === null ||
      !(Symbol.for("drizzle:IsDrizzleTable") in value)
    )
      continue;
    for (const check of getTableConfig(value as PgTable).checks) {
      checks.set(check.name, dialect.sqlToQuery(check.value).sql);
    }
  }
  return checks;
}

/** The CHECKs that state a limit, as they must read with the figures of limits.ts. */
const LIMIT_CHECKS: Record<string, string> = {
  product_reviews_rating_range: `"product_reviews"."rating" BETWEEN 1 AND ${REVIEW_STARS_MAX}`,
  product_reviews_product_id_format: `"product_reviews"."product_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("product_reviews"."product_id") <= ${LINE_CHOICE_MAX.productId}`,
  product_reviews_name_length: `char_length(btrim("product_reviews"."customer_name")) BETWEEN 1 AND ${PERSON_NAME_MAX}`,
  product_reviews_email_format: `char_length("product_reviews"."customer_email") <= ${EMAIL_MAX} AND "product_reviews"."customer_email" ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`,
  product_reviews_text_length: `char_length(btrim("product_reviews"."review_text")) BETWEEN 1 AND ${REVIEW_TEXT_MAX}`,
  product_reviews_photo_count: `coalesce(array_length("product_reviews"."photo_urls", 1), 0) <= ${REVIEW_PHOTOS_MAX}`,
  order_lines_custom_text_length: `"order_lines"."custom_text" IS NULL OR char_length("order_lines"."custom_text") <= ${CUSTOM_TEXT_MAX}`,
  enquiries_name_length: `char_length(btrim("enquiries"."name")) BETWEEN 1 AND ${PERSON_NAME_MAX}`,
  enquiries_email_length: `char_length("enquiries"."email") BETWEEN 3 AND ${EMAIL_MAX}`,
  enquiries_message_length: `char_length(btrim("enquiries"."message")) BETWEEN 1 AND ${ENQUIRY_MESSAGE_MAX}`,
  return_requests_reason_length: `char_length(btrim("return_requests"."reason")) BETWEEN 1 AND ${RETURN_REASON_MAX}`,
};

describe("X-ARCH-3: the database's CHECKs state the limits of app/shared/limits.ts", () => {
  it("X-ARCH-3: app/db/schema.ts builds each limit's CHECK from the constant", () => {
    const declared = schemaChecks();
    for (const [name, sql] of Object.entries(LIMIT_CHECKS)) {
      expect(declared.get(name), name).toBe(sql);
    }
  });

  it("X-ARCH-3: the committed migrations create each limit's CHECK with the same figure", () => {
    const committed = committedChecks();
    for (const [name, sql] of Object.entries(LIMIT_CHECKS)) {
      expect(committed.get(name), name).toBe(sql);
    }
  });

  it("X-ARCH-3: every CHECK of the schema is in the migrations, word for word", () => {
    const committed = committedChecks();
    const declared = schemaChecks();
    expect(declared.size).toBeGreaterThan(20);
    for (const [name, sql] of declared) expect(committed.get(name), name).toBe(sql);
  });
});

describe("one place for each figure (X-ARCH-3)", () => {
  it("no route writes its body cap as a number: each names one of BODY_LIMITS", () => {
    for (const file of readdirSync("app/routes")) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(path.join("app/routes", file), "utf8");
      expect(source, file).not.toMatch(/\blimit:\s*[\d(]/);
    }
  });

  it("the body caps are the figures the routes had", () => {
    expect(BODY_LIMITS).toEqual({
      flag: 1024,
      credentials: 2048,
      short: 4096,
      note: 8192,
      form: 16_384,
      list: 32_768,
      document: 65_536,
      webhook: 262_144,
      roster: 262_144,
      catalogueFile: 2_097_152,
      productPhoto: 20 * 1024 * 1024 + 65_536,
      reviewPhoto: 10 * 1024 * 1024 + 65_536,
      any: 21 * 1024 * 1024,
    });
  });

  it("stays pure for the browser: no imports but its own cart limits, which have none", () => {
    const imports = readFileSync("app/shared/limits.ts", "utf8").match(/^import .*$/gm) ?? [];
    expect(imports).toEqual([
      `import { CUSTOM_TEXT_MAX, MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-limits";`,
    ]);
    expect(readFileSync("app/shared/cart-limits.ts", "utf8")).not.toMatch(/^import /m);
  });
});
