import { createRequire } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The domain (catalogue/, every capability, flows/) as the import rules name it, in one place:
 * .dependency-cruiser.cjs's no-http-in-domain rule, whose `from.path` is `^app/(a|b|…)/`.
 */
const { forbidden } = createRequire(import.meta.url)("./.dependency-cruiser.cjs");
const domainPath = forbidden.find((rule) => rule.name === "no-http-in-domain")?.from.path;
const domainFolders = /^\^app\/\(([\w|-]+)\)\/$/.exec(domainPath ?? "")?.[1].split("|");
if (!domainFolders) throw new Error(`The domain's folders could not be read from ${domainPath}`);

const DOMAIN_FILES = domainFolders.map((folder) => `app/${folder}/**/*.{ts,tsx}`);

/**
 * Issue 48, item 4: one clock. Domain code reads the time from the shop's clock (clockFrom,
 * ShopParts.clock, shop.clock), passed in; only the composition root, the clock's own file,
 * UI and browser-only code, scripts and tests read the system's. `new Date(value)` is fine.
 */
const CLOCK_MESSAGE =
  "Take the time from the shop's clock (clockFrom(context).now(), parts.clock.now()), passed in.";
const CLOCK_RULES = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: CLOCK_MESSAGE,
  },
];
/** The files that may read the system's time. */
const CLOCK_FREE = [
  "app/server/**",
  "app/shared/clock.ts",
  "app/ui/**",
  "app/components/**",
  "app/**/components/**",
  "app/**/*.client.ts",
  "app/cart/store.ts",
  "app/**/*.test.{ts,tsx}",
];

/** Only routes (and the edge they use, security/edge.server.ts) make responses: the domain
 *  returns data or a named problem (shared/problems.ts), and the route answers it. */
const RESPONSE_MESSAGE =
  "Return data or a named problem (shared/problems.ts); the route makes the Response.";
const RESPONSE_RULES = [
  { selector: "NewExpression[callee.name='Response']", message: RESPONSE_MESSAGE },
  { selector: "CallExpression[callee.object.name='Response']", message: RESPONSE_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/bare-app/build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      // Runs inside the previous release's worktree, against its code (scripts/previous-release-fixture.mjs).
      "scripts/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // Two rules of the same name (no-restricted-syntax) cannot be stacked in flat config (the later
  // replaces the earlier), so each group of files gets the selectors that apply to it.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: CLOCK_FREE,
    rules: { "no-restricted-syntax": ["error", ...CLOCK_RULES] },
  },
  {
    files: DOMAIN_FILES,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...RESPONSE_RULES] },
  },
  {
    files: DOMAIN_FILES,
    ignores: CLOCK_FREE,
    rules: { "no-restricted-syntax": ["error", ...CLOCK_RULES, ...RESPONSE_RULES] },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
