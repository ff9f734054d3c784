// A fixture for app/architecture.test.ts: naming the configuration's type is allowed; the values
// come in as a parameter.
import type { Env } from "../server/env.server";

export const shopEmailOf = (settings: Pick<Env, "SHOP_EMAIL">) => settings.SHOP_EMAIL;
