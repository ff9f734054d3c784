import { readdirSync } from "node:fs";
import path from "node:path";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as index from "./schema";

const app = path.resolve(import.meta.dirname, "..");

/** The Drizzle tables a module exports, by their SQL names. */
function tableNames(module: Record<string, unknown>): string[] {
  return Object.values(module)
    .filter(
      (value): value is PgTable =>
        typeof value === "object" &&
        value !== null &&
        Symbol.for("drizzle:IsDrizzleTable") in value,
    )
    .map((table) => getTableConfig(table).name);
}

/** Every folder's schema files: app/<folder>/schema.ts and its parts, app/<folder>/*.schema.ts. */
function schemaFiles(): string[] {
  return readdirSync(app, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "db")
    .flatMap((folder) =>
      readdirSync(path.join(app, folder.name))
        .filter((file) => file === "schema.ts" || file.endsWith(".schema.ts"))
        .map((file) => `${folder.name}/${file}`),
    );
}

describe("issue 48: each capability owns its tables, and app/db/schema.ts lists them all", () => {
  it("X-ARCH-5: the index holds every table of every schema file, so drizzle-kit and the client see them", async () => {
    const files = schemaFiles();
    expect(files).toContain("orders/schema.ts");
    const inFiles = new Set<string>();
    for (const file of files) {
      for (const name of tableNames(await import(`../${file.replace(/\.ts$/, "")}`)))
        inFiles.add(name);
    }
    expect(new Set(tableNames(index))).toEqual(inFiles);
  });

  it("each table is defined once: no two exported tables share a name", () => {
    const names = tableNames(index);
    expect(names.length).toBe(new Set(names).size);
    expect(names).toEqual(
      expect.arrayContaining(["orders", "order_lines", "teams", "mail_outbox"]),
    );
  });
});
