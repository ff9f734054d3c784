import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, text } from "./text";

describe("shared text type", () => {
  it("X-SEC-3: refuses NUL and other control characters with one message", () => {
    const name = text().trim().min(1).max(80);
    expect(name.safeParse("Ana Silva").success).toBe(true);
    for (const bad of ["a\u0000b", "\u0007", "a\nb", "x\u007f", "\u009b31m"]) {
      const result = name.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("X-SEC-3: multi-line text keeps line breaks and tabs but not NUL", () => {
    const body = text({ multiline: true });
    expect(body.safeParse("line one\r\n\tline two").success).toBe(true);
    expect(body.safeParse("line\u0000").success).toBe(false);
  });
});
