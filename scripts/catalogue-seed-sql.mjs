// Prints the SQL that seeds the catalogue from app/catalogue/seed (the spec's catalogue), as
// migration 0007 holds it: `node scripts/catalogue-seed-sql.mjs`. Run once, when the migration
// was written; the shop reads the catalogue from the database ever after.
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const load = (file) =>
  runnerImport(path.join(root, file), {
    root,
    configFile: false,
    resolve: { tsconfigPaths: true },
    logLevel: "warn",
  }).then(({ module }) => module);
const { SEED_PRODUCTS } = await load("app/catalogue/seed/index.ts");
const { seedSql } = await load("app/catalogue/seed/sql.ts");
process.stdout.write(`${seedSql(SEED_PRODUCTS)}\n`);
