import { describe, expect, it } from "vitest";
import { isPersonalised, lineNotice, rightToCancelIncluded } from "./consumer-rights";

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
    expect(lineNotice({})).toBe("30-day returns");
  });

  it("X-OWN-5: one window, the owner's, with the legal right to cancel explained once", () => {
    expect(lineNotice({}, 45)).toBe("45-day returns");
    expect(lineNotice({ customText: "MAYA" }, 45)).toContain("Personalised");
    expect(rightToCancelIncluded(30)).toBe(
      "30-day returns on non-personalised items: your 14-day right to cancel is included.",
    );
    expect(rightToCancelIncluded(14)).toBe(
      "14-day returns on non-personalised items: your 14-day right to cancel.",
    );
  });
});
