import { defineConfig } from "vitest/config";

/** The data tests that run on both drivers: `{ tags: ["race"] }` on a test, or a file's
 *  `// @module-tag driver` comment (scripts/test-data.mjs reads the same names). */
const DATA_TAGS = [
  {
    name: "race",
    description:
      "fires concurrent requests or transactions at one thing (stock, a payment, a code's limit, a team's closing): run on PostgreSQL too, where they really meet",
  },
  {
    name: "driver",
    description:
      "its subject is the database driver itself (migrations, the upgrade, backup and restore, connections)",
  },
];

// Kept apart from vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two test files at once (the machine the suite is measured on has 2 cores). The data
    // files can: each has its own database (tests/data/setup.ts), ~0.5 GB per PGlite. One
    // number for both projects, so a plain `vitest run` of both can schedule them together.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "data",
          include: ["tests/data/**/*.test.ts"],
          // Every data test runs on PGlite, the shop's default; on PostgreSQL too only those whose
          // subject is the driver or a race (scripts/test-data.mjs, docs/testing.md): a race is
          // fired for real only where two connections can meet.
          tags: DATA_TAGS,
          // The faults (Redis stopped, the bucket down, SMTP failing) are their own stage,
          // npm run test:faults (issue 40), beside PostgreSQL's restart.
          exclude: ["tests/data/**/*-fault.test.ts"],
          setupFiles: ["tests/data/setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "faults",
          include: ["tests/data/**/*-fault.test.ts"],
          setupFiles: ["tests/data/setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
