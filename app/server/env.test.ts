import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("X-UK-2: VAT_NUMBER configuration", () => {
  it("X-UK-2: unset or empty means no VAT number", () => {
    expect(parseEnv({}).VAT_NUMBER).toBeUndefined();
    expect(parseEnv({ VAT_NUMBER: "  " }).VAT_NUMBER).toBeUndefined();
  });

  it("X-UK-2: a UK VAT number is kept without spaces, upper-case", () => {
    expect(parseEnv({ VAT_NUMBER: "gb 123 4567 89" }).VAT_NUMBER).toBe("GB123456789");
    expect(parseEnv({ VAT_NUMBER: "123456789" }).VAT_NUMBER).toBe("123456789");
  });

  it("X-UK-2: anything else stops the start with a message", () => {
    expect(() => parseEnv({ VAT_NUMBER: "GB12345" })).toThrow(/VAT_NUMBER must be a UK VAT number/);
    expect(() => parseEnv({ VAT_NUMBER: "FR12345678901" })).toThrow(/VAT_NUMBER/);
  });
});
