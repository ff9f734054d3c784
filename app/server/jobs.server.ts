import type { Mailer } from "~/mail/mailer.server";
import type { ShopParts } from "~/flows/parts.server";
import { deliverDueMail } from "~/mail/outbox.server";
import { expireDueOrders } from "~/orders/expiry.server";
import { recordConfirmationSent } from "~/flows/fulfilment/fulfil.server";
import { removeUnattachedPhotos } from "~/reviews/photos.server";
import { retryPendingRefunds } from "~/flows/refunds/retry.server";
import { emailRenditionsJob, productPhotoJob } from "~/catalogue/photos/processing.server";
import { makeMissingDrawings } from "~/catalogue/art/png.server";
import { imageWork } from "~/background/image-work.server";
import { loadCatalogue } from "~/catalogue/store.server";
import { sweepRateLimits } from "~/security/rate-limit-stores.server";
import type { BackgroundJob } from "~/background/runner.server";
import type { Database, DatabaseDriver } from "~/db/database";
import { nightlyBackup } from "./backup-schedule.server";
import { backupShelf } from "~/flows/back-office/backups.server";
import { closeDueTeams } from "~/teams/closing.server";
import { sweepCarts } from "~/cart/server-cart.server";
import { settleLateTeamPayments } from "~/flows/teams/late-payment.server";
import {
  EXPIRY_BATCH,
  LATE_PAYMENT_BATCH,
  MAIL_BATCH,
  DRAWINGS_BATCH,
  DRAWINGS_EVERY_MS,
  DRAWINGS_QUIET_MS,
  REFUND_RETRY_BATCH,
  STOCK_ALERT_BATCH,
  TEAM_CLOSING_BATCH,
} from "~/shared/limits";
import { purgeUnconfirmedAlerts, sendRestockAlerts } from "~/stock/alerts.server";
import { canonicalOrigin } from "~/security/origin.server";

/** Every job each process runs (ARCHITECTURE: "Back office and background work"). */
export function backgroundJobs(
  shop: ShopParts & { mailer: Mailer; driver?: DatabaseDriver },
): BackgroundJob[] {
  const config = shop.settings;
  return [
    {
      name: "outbox",
      everyMs: config.OUTBOX_POLL_MS,
      batch: MAIL_BATCH,
      run: (db) =>
        deliverDueMail(db, shop.mailer, {
          batch: MAIL_BATCH,
          claimMs: config.OUTBOX_CLAIM_SECONDS * 1000,
          onSent: recordConfirmationSent,
        }),
    },
    { name: "rate-limit-sweep", everyMs: 60_000, run: sweepRateLimits },
    // Issue 25: carts untouched for 30 days.
    { name: "cart-sweep", everyMs: 60 * 60_000, run: sweepCarts },
    {
      // X-STK-4: cancel unpaid orders past their time and give back their stock.
      name: "order-expiry",
      everyMs: config.EXPIRY_CHECK_SECONDS * 1000,
      batch: EXPIRY_BATCH,
      run: async (db) => (await expireDueOrders(db, shop.clock.now())).length,
    },
    {
      // Issue 27: refunds left pending by a crash, a timeout or a provider that was down.
      name: "refund-retry",
      everyMs: Math.min(config.REFUND_RETRY_AFTER_SECONDS, 30) * 1000,
      batch: REFUND_RETRY_BATCH,
      run: (db) =>
        retryPendingRefunds(db, shop, { retryAfterSeconds: config.REFUND_RETRY_AFTER_SECONDS }),
    },
    {
      name: "unattached-photos",
      everyMs: 10 * 60_000,
      batch: 100,
      run: (db) => removeUnattachedPhotos(db, shop.files, 100),
    },
    {
      // X-FIT-3: a restocked size's confirmed alerts get their one e-mail (once, whichever process
      // runs this); alerts never confirmed are gone after 7 days.
      name: "stock-alerts",
      everyMs: 30_000,
      batch: STOCK_ALERT_BATCH,
      run: async (db) => {
        const now = shop.clock.now();
        await purgeUnconfirmedAlerts(db, now);
        return sendRestockAlerts(
          db,
          await loadCatalogue(db, now.getTime()),
          canonicalOrigin(config),
        );
      },
    },
    productPhotoJob(shop.files),
    // X-SAFE-3: photos stored before the e-mails' JPEGs existed get them after an upgrade.
    emailRenditionsJob(shop.files),
    {
      // X-TEAM-4: a team store past its closing time is closed and summarised once.
      name: "team-closing",
      everyMs: 30_000,
      batch: TEAM_CLOSING_BATCH,
      run: (db) => closeDueTeams(db, config, shop.clock.now()),
    },
    {
      // X-TEAM-5: a member's payment that arrived after the batch moved or was cancelled follows it.
      name: "team-late-payments",
      everyMs: 15_000,
      batch: LATE_PAYMENT_BATCH,
      run: (db) => settleLateTeamPayments(db, shop),
    },
    {
      // The drawings' PNGs, made after a first start in the image queue and stored, one at a
      // time when no photo is about (X-SEC-18); a changed drawing on its first ask or later.
      name: "drawings",
      everyMs: DRAWINGS_EVERY_MS,
      run: async (db) =>
        imageWork.quietFor() < DRAWINGS_QUIET_MS
          ? 0
          : makeMissingDrawings(
              db,
              [...(await loadCatalogue(db, shop.clock.now().getTime())).all.values()],
              DRAWINGS_BATCH,
            ),
    },
    // Issue 40: a backup into BACKUP_DIR (else the bucket's backups/) after each BACKUP_SCHEDULE
    // time (docs/operations.md).
    ...(backupShelf(config, shop.files)
      ? [
          {
            name: "nightly-backup",
            everyMs: 60_000,
            run: (db: Database) =>
              nightlyBackup(
                config,
                { db, driver: shop.driver ?? "postgres" },
                shop.files,
                shop.clock.now(),
              ),
          },
        ]
      : []),
  ];
}
