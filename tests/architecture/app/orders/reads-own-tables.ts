// A fixture for app/architecture.test.ts: a capability reading its own tables is allowed.
import { orders } from "./schema";

export const table = orders.table;
