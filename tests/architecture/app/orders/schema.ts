// A fixture for app/architecture.test.ts: a capability's own tables (issue 48), here a stand-in.
export { refunds } from "./money.schema";
export const orders = { table: "orders" };
