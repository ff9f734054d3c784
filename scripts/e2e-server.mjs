// Serves the production build for the browser tests on a throw-away data directory
// (the one Playwright's config made, or a new one).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "grip-truth-e2e-"));
delete process.env.DATABASE_URL;
// Every browser test posts from the same local address: the per-address limits on reviews and
// photo uploads would refuse them. The data tests check the limits themselves.
process.env.REVIEW_RATE_LIMIT ??= "1000";
process.env.UPLOAD_RATE_LIMIT ??= "1000";
// Sign-ins too (X-SEC-10); the limit and the lock-out are checked in tests/data/admin-auth.test.ts.
process.env.SIGN_IN_RATE_LIMIT ??= "1000";
// Gift card codes tried (X-GIFT-4); the limit is checked in tests/data/gift-cards.test.ts.
process.env.GIFT_CARD_CHECK_RATE_LIMIT ??= "1000";
// A test shop: the sandbox takes the payments (a production server must say so, X-SEC-1).
process.env.PAYMENTS ??= "sandbox";
// The back-office browser tests sign in as this owner (created at start, X-OPS-1).
process.env.ADMIN_EMAIL ??= "owner@griptruth.test";
process.env.ADMIN_PASSWORD ??= "e2e owner password";
await import("../server.mjs");
