import type { RouterContextProvider } from "react-router";
import { shortBreakResponse } from "~/db/availability.server";
import { dbContext } from "~/db/context.server";
import { env } from "~/server/env.server";
import { openShop, provideShop, type Shop } from "./shop.server";
import { logError } from "~/security/log.server";

let shop: Promise<Shop> | undefined;

/**
 * Root middleware for `npm run dev`, where Vite's dev server (not app/server/main.server.ts)
 * answers requests: the first request builds the shop through the same composition root, and
 * every request gets its parts. In production the server program has put them in already and
 * this does nothing.
 */
export async function developmentShopMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  if (context.get(dbContext)) return next();
  const settings = env();
  shop ??= openShop(settings, { background: true }).catch((error: unknown) => {
    shop = undefined;
    throw error;
  });
  let opened: Shop;
  try {
    opened = await shop;
  } catch (error) {
    logError("The database could not be opened", error);
    return shortBreakResponse(request, settings.DATABASE_URL ? "postgres" : "pglite");
  }
  provideShop(context as RouterContextProvider, opened);
  return next();
}
