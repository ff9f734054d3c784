// A fixture for app/architecture.test.ts: a capability importing the index of every table
// instead of its own schema file (issue 48).
import { teamEntries } from "../db/schema";

export const table = teamEntries.table;
