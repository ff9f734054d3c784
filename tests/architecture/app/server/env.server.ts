// A fixture for app/architecture.test.ts: the environment's reader, as app/server/ has it.
export interface Env {
  SHOP_EMAIL: string;
}

export function env(): Env {
  return { SHOP_EMAIL: "hello@example.com" };
}
