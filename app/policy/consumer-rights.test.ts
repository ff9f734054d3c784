import { describe, expect, it } from "vitest";
import { isPersonalised, lineNotice } from "./consumer-rights";

describe("X-UK-3: personalised lines", () => {
  it("X-UK-3: custom text or a paid name makes a line personalised", () => {
    expect(isPersonalised({ customText: "SILVA", nameCustomisation: true })).toBe(true);
    expect(isPersonalised({ customText: "TEAM" })).toBe(true);
    expect(isPersonalised({ nameCustomisation: true })).toBe(true);
    expect(isPersonalised({ customText: "   " })).toBe(false);
    expect(isPersonalised({ customText: null, nameCustomisation: false })).toBe(false);
    expect(isPersonalised({})).toBe(false);
  });

  it("X-UK-3: the notices in the issue's words", () => {
    expect(lineNotice({ customText: "MAYA" })).toBe(
      "Personalised: made for you, so it cannot be returned unless faulty",
    );
    expect(lineNotice({})).toBe("14-day right to cancel");
  });
});
