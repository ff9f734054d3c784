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
  {
    // Only routes (and the edge they use, security/edge.server.ts) make responses: the domain
    // returns data or a named problem (shared/problems.ts), and the route answers it.
    files: domainFolders.map((folder) => `app/${folder}/**/*.{ts,tsx}`),
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Response']",
          message:
            "Return data or a named problem (shared/problems.ts); the route makes the Response.",
        },
        {
          selector: "CallExpression[callee.object.name='Response']",
          message:
            "Return data or a named problem (shared/problems.ts); the route makes the Response.",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
