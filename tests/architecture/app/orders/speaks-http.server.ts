// A fixture for app/architecture.test.ts: a capability picking an HTTP status through the edge's
// helper instead of naming a problem (issue 34, X-ORD-4).
import { refuse } from "../security/edge.server";

export const gone = () => refuse(404, "No order has that number.");
