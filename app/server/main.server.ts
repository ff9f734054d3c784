import path from "node:path";
import type { ServerBuild } from "react-router";
import { env } from "~/server/env.server";
import { serverSettings } from "~/server/startup.server";
import { createHttpServer, gracefulStop } from "./http.server";
import { openShop } from "./shop.server";
import { openControlSocket } from "./control-socket.server";
import { takeBackup } from "./backup.server";
import { sendConsoleTo, serverLog } from "./observe.server";
import { watchShop } from "~/metrics/metrics.server";
import { countUnsentMail } from "~/mail/outbox.server";
import { mailOnlyInFiles } from "~/mail/mail-server.server";
import { outboxDir } from "~/mail/mailer.server";
import { paymentsMode, paymentsNowLine } from "~/payments/provider.server";
import { keepPrivate, privateFolders } from "./private-files.server";

/**
 * The server program (server.mjs loads the build and calls this): validates the configuration,
 * builds the shop (app/server/shop.server.ts), puts the HTTP edge in front of React Router and
 * listens. A shop that must not start (a bad configuration, a database it cannot reach) stops
 * here with the reason instead of serving errors.
 */
export async function startShop(build: ServerBuild, root: string): Promise<void> {
  let config;
  let settings;
  try {
    config = env();
    // X-SEC-1: an https shop without Stripe keys (unless PAYMENTS=sandbox says so) stops here.
    settings = serverSettings(config);
    // From here every line is JSON (issue 35): time, level, message, the request id.
    sendConsoleTo(serverLog({ level: config.LOG_LEVEL }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Secrets at rest (X-SEC-22): umask 077, DATA_DIR (the outbox in it) and BACKUP_DIR private.
  await privateFolders(config, (sentence) => console.log(sentence));
  let shop;
  try {
    shop = await openShop(config, { background: true });
  } catch (error) {
    console.error("The shop could not start:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // PGlite's files are made 0666 by PGlite itself: tightened again now and while serving.
  const privateData = keepPrivate(config.dataDir);
  await privateData.first;
  const db = shop.connection.db;
  watchShop({ outboxPending: () => countUnsentMail(db), pool: shop.connection.pool });
  const readiness = { stopping: false };
  const server = createHttpServer({
    shop,
    build,
    clientDir: path.join(root, "build/client"),
    trustProxy: settings.trustProxy,
    timeouts: { requestMs: config.REQUEST_TIMEOUT_MS, headersMs: config.HEADERS_TIMEOUT_MS },
    watch: {
      // The request lines alone (observe.server.ts): fixed fields, never a path, a query or a
      // header, so they need no censoring pass (issue 51); everything else goes through the
      // censoring console above.
      log: serverLog({ level: config.LOG_LEVEL, censor: false }),
      metricsToken: config.METRICS_TOKEN,
      readiness,
    },
  });
  for (const note of settings.notes) console.log(note);
  // What the owner saved in the back office counts too (X-OWN-2, X-OWN-3).
  if (shop.payments.provider.name === "stripe" && paymentsMode(config) !== "stripe") {
    console.log(paymentsNowLine(shop.payments));
  }
  if (mailOnlyInFiles(config, shop.services)) {
    console.warn(
      `E-mail: no mail server is set (SMTP_URL, or Settings, Outgoing e-mail in the back office): every e-mail is only written to ${outboxDir(config)} and nobody receives it.`,
    );
  }
  server.listen(config.PORT, config.HOST, () => {
    console.log(
      `GRIP TRUTH is serving on http://localhost:${config.PORT} (database: ${shop.connection.driver})`,
    );
  });
  // PGlite is one process: `npm run backup` asks this one for its backup (X-SAFE-1).
  const control =
    shop.connection.driver === "pglite"
      ? await openControlSocket(config.dataDir, () =>
          takeBackup(
            shop.connection.db,
            shop.files,
            shop.connection.driver,
            shop.settings.BACKUP_KEY,
          ),
        ).catch((error: unknown) => {
          console.error(
            "npm run backup cannot reach this shop (its socket in DATA_DIR):",
            error instanceof Error ? error.message : error,
          );
          return undefined;
        })
      : undefined;
  const stop = gracefulStop(
    server,
    config.STOP_DEADLINE_MS,
    async () => {
      control?.close();
      await shop.close();
      await privateData.stop();
    },
    readiness,
  );
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
