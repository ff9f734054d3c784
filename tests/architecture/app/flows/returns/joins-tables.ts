// A fixture for app/architecture.test.ts: a flow joining two capabilities' tables is allowed.
import { orders } from "../../orders/schema";
import { teamEntries } from "../../teams/schema";

export const joined = [orders.table, teamEntries.table];
