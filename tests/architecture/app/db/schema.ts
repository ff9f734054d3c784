// A fixture for app/architecture.test.ts: the index of every table re-exports the schema files.
export * from "../orders/schema";
export * from "../teams/schema";
