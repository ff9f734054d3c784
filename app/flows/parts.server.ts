import type { RouterContextProvider } from "react-router";
import { clockFrom, settingsFrom } from "~/db/context.server";
import { type Payments, paymentsFrom } from "~/payments/provider.server";
import type { Env } from "~/shared/settings";
import type { Clock } from "~/shared/clock";
import { type FileStore, filesFrom } from "~/storage/files.server";

/**
 * The shop's parts a flow may need besides the database (X-ARCH-1): its settings, its payments,
 * its photo file store and its clock. The composition root (app/server/shop.server.ts) builds
 * them once; a route passes `partsFrom(context)`, a background job the shop itself.
 */
export interface ShopParts {
  settings: Env;
  payments: Payments;
  files: FileStore;
  clock: Clock;
}

/** The request's parts, as the composition root put them in its context. */
export function partsFrom(context: Readonly<RouterContextProvider>): ShopParts {
  return {
    settings: settingsFrom(context),
    payments: paymentsFrom(context),
    files: filesFrom(context),
    clock: clockFrom(context),
  };
}
