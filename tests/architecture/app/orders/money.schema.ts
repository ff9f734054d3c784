// A fixture for app/architecture.test.ts: a part of a capability's tables (app/<cap>/*.schema.ts).
export const refunds = { table: "order_refunds" };
