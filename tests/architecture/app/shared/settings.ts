// A fixture for app/architecture.test.ts: the settings' type, where the core has it.
export interface Env {
  SHOP_EMAIL: string;
}
