// A fixture for app/architecture.test.ts: naming the configuration's type from the core is
// allowed; the values come in as a parameter.
import type { Env } from "../shared/settings";

export const shopEmailOf = (settings: Pick<Env, "SHOP_EMAIL">) => settings.SHOP_EMAIL;
