import { describe, expect, it } from "vitest";
import { fromLondonLocal, toLondonLocal } from "./london-time";

describe("London wall-clock times", () => {
  it("X-OPS-9: winter is UTC, summer is UTC+1", () => {
    expect(fromLondonLocal("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(fromLondonLocal("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(toLondonLocal(new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T09:00");
  });

  it("X-OPS-9: text that is not a date is refused", () => {
    expect(fromLondonLocal("tomorrow")).toBeUndefined();
    expect(fromLondonLocal("2026-02-30T09:00")).toBeUndefined();
  });
});
