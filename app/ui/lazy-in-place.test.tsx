// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyInPlace } from "./lazy-in-place";

afterEach(cleanup);

describe("lazyInPlace in the browser", () => {
  it("X-PERF-2: asks for a part's code only once a page renders it, and then draws it", async () => {
    let asked = 0;
    const part = lazyInPlace<{ name: string }>(async () => {
      asked++;
      return ({ name }) => <p>Hello {name}</p>;
    });
    // A page that never shows the part (the kids sizing block on /mens) never fetches it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(asked).toBe(0);

    render(<part.Component name="Sam" />);
    expect(await screen.findByText("Hello Sam")).toBeTruthy();
    expect(asked).toBe(1);

    // Drawn again, or twice, it is asked for once.
    render(<part.Component name="Alex" />);
    expect(await screen.findByText("Hello Alex")).toBeTruthy();
    expect(asked).toBe(1);
  });
});
