import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Issue 48, item 4: one clock. Domain code reads the time from the shop's clock (clockFrom,
    // ShopParts.clock, shop.clock), passed in; only the composition root, the clock's own file,
    // UI and browser-only code, scripts and tests read the system's. `new Date(value)` is fine.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/server/**",
      "app/shared/clock.ts",
      "app/ui/**",
      "app/components/**",
      "app/**/components/**",
      "app/**/*.client.ts",
      "app/cart/store.ts",
      "app/**/*.test.{ts,tsx}",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "Take the time from the shop's clock (clockFrom(context).now(), parts.clock.now()), passed in.",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            "Take the time from the shop's clock (clockFrom(context).now(), parts.clock.now()), passed in.",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
