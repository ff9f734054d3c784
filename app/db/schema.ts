/**
 * Every table, for Drizzle's typed client, drizzle-kit (drizzle.config.ts) and the backup: an
 * index of the capabilities' own schema files (docs/architecture.md, "Who owns which tables").
 * Only app/db/ imports it; a capability imports its own schema file, and reaches another's data
 * through that capability's functions (flows/ may join several).
 */
export * from "~/catalogue/schema";
export * from "~/cart/schema";
export * from "~/discounts/schema";
export * from "~/enquiries/schema";
export * from "~/giftcards/schema";
export * from "~/mail/schema";
export * from "~/orders/schema";
export * from "~/owners/schema";
export * from "~/returns/schema";
export * from "~/reviews/schema";
export * from "~/security/schema";
export * from "~/stock/schema";
export * from "~/storage/schema";
export * from "~/teams/schema";
