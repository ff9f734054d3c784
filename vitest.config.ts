import { defineConfig } from "vitest/config";

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
