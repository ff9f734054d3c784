// A fixture for app/architecture.test.ts: even a type-only import from the composition root is
// refused; the configuration's type lives in app/shared/settings.ts.
import type { Env } from "../server/env.server";

export const shopEmailOf = (settings: Pick<Env, "SHOP_EMAIL">) => settings.SHOP_EMAIL;
