// A fixture for app/architecture.test.ts: a cycle made only of type imports still counts.
import type { B } from "./type-cycle-b";

export interface A {
  b?: B;
}
