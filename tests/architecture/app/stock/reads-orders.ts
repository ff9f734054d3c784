// A fixture for app/architecture.test.ts: stock/ importing orders/ goes against the layers
// (orders may read stock, never the other way round).
import { ORDER_PREFIX } from "../orders/orders.server";

export const label = `${ORDER_PREFIX}stock`;
