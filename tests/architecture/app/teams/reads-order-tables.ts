// A fixture for app/architecture.test.ts: teams/ may call orders/, but reading the orders' tables
// itself goes around the functions orders/ offers (issue 48).
import { orders } from "../orders/schema";
import { refunds } from "../orders/money.schema";

export const tables = [orders.table, refunds.table];
