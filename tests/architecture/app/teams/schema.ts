// A fixture for app/architecture.test.ts: a schema file naming another capability's table for a
// foreign key is allowed (teams may import orders).
import { orders } from "../orders/schema";

export const teamEntries = { table: "team_entries", references: orders.table };
