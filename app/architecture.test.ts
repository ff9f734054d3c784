import { createRequire } from "node:module";
import path from "node:path";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layers and import directions of docs/architecture.md, as `npm run lint` enforces them.
const rules = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as IConfiguration;
const root = path.resolve(import.meta.dirname, "..");

async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(["app"], {
    ...rules.options,
    ruleSet: { forbidden: rules.forbidden },
    validate: true,
    baseDir,
    tsConfig: { fileName: path.join(root, "tsconfig.json") },
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map(
    (v) =>
      `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`,
  );
}

describe("architecture", () => {
  it(
    "X-ARCH-2: the shop's own imports keep to the layers and form no cycle",
    { timeout: 60_000 },
    async () => {
      expect(await violations(root)).toEqual([]);
    },
  );

  it(
    "X-ARCH-2 X-ARCH-5: an import against the layers, a type-only cycle and another capability's tables are all refused",
    { timeout: 60_000 },
    async () => {
      const found = await violations(path.join(root, "tests/architecture"));
      expect(found).toContainEqual(
        "capability-stock: app/stock/reads-orders.ts → app/orders/orders.server.ts",
      );
      expect(found.some((v) => v.startsWith("no-cycles: app/pricing/type-cycle-"))).toBe(true);
      // Issue 34, item 3: domain code naming an HTTP status or making a response itself.
      expect(found).toContainEqual(
        "no-http-in-domain: app/orders/speaks-http.server.ts → app/security/edge.server.ts",
      );
      expect(found).toContainEqual(
        "no-http-responses-in-domain: app/flows/refunds/redirects.server.ts → react-router",
      );
      // Issue 48: another capability's tables (its schema file or a part of it), and the index of
      // every table outside app/db/, are refused; a folder's own tables, a schema file's foreign
      // key, the index and flows/ are not.
      expect(found).toContainEqual(
        "own-tables-only: app/teams/reads-order-tables.ts → app/orders/schema.ts",
      );
      expect(found).toContainEqual(
        "own-tables-only: app/teams/reads-order-tables.ts → app/orders/money.schema.ts",
      );
      expect(found).toContainEqual(
        "the-tables-index-is-the-databases: app/teams/reads-all-tables.ts → app/db/schema.ts",
      );
      for (const allowed of [
        "app/orders/reads-own-tables.ts",
        "app/teams/schema.ts",
        "app/db/schema.ts",
        "app/flows/returns/joins-tables.ts",
      ]) {
        expect(found.filter((v) => v.includes(`${allowed} →`))).toEqual([]);
      }
      // Reading the core from the catalogue is the allowed direction.
      expect(found.some((v) => v.includes("app/catalogue/reads-core.ts"))).toBe(false);
    },
  );

  it(
    "X-ARCH-1 X-ARCH-7: only app/server/ reads the environment; the configuration's type is named from app/shared/",
    { timeout: 60_000 },
    async () => {
      const found = await violations(path.join(root, "tests/architecture"));
      expect(found).toContainEqual(
        "only-the-server-reads-the-environment: app/reviews/reads-env.ts → app/server/env.server.ts",
      );
      // Issue 48: a type-only import from the composition root is refused too.
      expect(found).toContainEqual(
        "only-the-entry-starts-the-server: app/orders/names-server-env-type.ts → app/server/env.server.ts",
      );
      expect(found.some((v) => v.includes("app/orders/names-env-type.ts"))).toBe(false);
    },
  );

  it(
    "X-ARCH-8 X-ORD-4: ESLint refuses the system's clock and a made Response in domain code, and allows both in the composition root",
    { timeout: 60_000 },
    async () => {
      const eslint = new ESLint({ cwd: root });
      const lint = async (file: string) =>
        (
          await eslint.lintText(
            'export const now = () => new Date();\nexport const stamp = () => Date.now();\nexport const answer = () => new Response("x");\n',
            { filePath: path.join(root, file) },
          )
        )[0]!.messages.map((m) => m.message);
      const domain = await lint("app/orders/probe.server.ts");
      expect(
        domain.filter((m) => m.startsWith("Take the time from the shop's clock")),
      ).toHaveLength(2);
      expect(domain.filter((m) => m.startsWith("Return data or a named problem"))).toHaveLength(1);
      expect(await lint("app/server/probe.server.ts")).toEqual([]);
    },
  );
});
