import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { BOTH_WIDTHS, PHONE_ONLY } from "./tests/e2e/widths";

const port = Number(process.env.E2E_PORT ?? 4173);
// A fresh data directory for the server under test; specs read its outbox of e-mails.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "grip-truth-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a test that passes only sometimes fails the run (X-ARCH-4).
  retries: 0,
  // A test that visits many pages (no-js: every page) or three with an axe check needs more than 30 s
  // on 2 busy cores; expectations keep their own 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: specs(PHONE_ONLY),
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "mobile",
      testMatch: specs([...BOTH_WIDTHS, ...PHONE_ONLY]),
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Enough enquiries a minute for both projects' form tests from one address; the limit
    // itself is covered by tests/data/enquiries.test.ts.
    // The stock specs' variants are set from a seed file at start (tests/e2e/stock.spec.ts).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ENQUIRY_RATE_LIMIT: "50",
      // Every spec checks out from this one address; the cap on unpaid checkouts is covered by
      // tests/data/security.test.ts (X-SEC-11).
      PENDING_ORDERS_PER_ADDRESS: "1000",
      STOCK_SEED_FILE: path.resolve("tests/e2e/stock-seed.json"),
      // Receipts carry VAT lines (X-UK-2); without it there are none (unit-tested).
      VAT_NUMBER: "GB123456789",
    },
  },
});
