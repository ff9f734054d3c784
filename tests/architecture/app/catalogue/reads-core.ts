// A fixture for app/architecture.test.ts: the catalogue reading a pure core module is allowed.
import type { A } from "../pricing/type-cycle-a";

export type Allowed = A;
