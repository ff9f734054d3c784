/**
 * The orders' tables (X-ORD-1, X-OPS-3, X-OPS-4, X-STK-3): written by app/orders/ and the flows
 * through it. Other capabilities reach them through app/orders/'s functions, never from here.
 */
export * from "./orders.schema";
export * from "./money.schema";
export * from "./lines.schema";
export * from "./team-stores.schema";
