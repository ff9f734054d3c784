// A fixture for app/architecture.test.ts: a capability's module that others must not reach into.
export const ORDER_PREFIX = "GT-";
