import { describe, expect, it } from "vitest";
import { INTENT_ATTRIBUTE, noteReviewIntents, takeReviewIntent } from "./pending-intent";

/** A window-like target and a click on an element with (or inside one with) an intent. */
function fakeWindow() {
  const listeners = new Set<(event: Event) => void>();
  return {
    addEventListener: (_type: string, listener: (event: Event) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: Event) => void) =>
      listeners.delete(listener),
    click(intent: string | null) {
      const button = {
        getAttribute: (name: string) => (name === INTENT_ATTRIBUTE ? intent : null),
      };
      const target = { closest: () => (intent === null ? null : button) };
      for (const listener of listeners) listener({ target } as unknown as Event);
    },
    get listening() {
      return listeners.size;
    },
  };
}

describe("taps on the review buttons before their code arrives", () => {
  it("S-REV-2 X-PE-2: keeps the last tapped intent until the reviews take it, then stops listening", () => {
    const win = fakeWindow();
    noteReviewIntents(win as unknown as Window);
    win.click(null);
    win.click("reviews");
    win.click("write");
    expect(takeReviewIntent()).toBe("write");
    expect(win.listening).toBe(0);
    win.click("reviews");
    expect(takeReviewIntent()).toBeNull();
  });

  it("ignores an attribute value that is not an intent", () => {
    const win = fakeWindow();
    noteReviewIntents(win as unknown as Window);
    win.click("delete");
    expect(takeReviewIntent()).toBeNull();
  });
});
