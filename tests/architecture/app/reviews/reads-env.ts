// A fixture for app/architecture.test.ts: a capability reading the environment itself instead of
// taking the settings the composition root hands it (X-ARCH-1).
import { env } from "../server/env.server";

export const shopEmail = () => env().SHOP_EMAIL;
