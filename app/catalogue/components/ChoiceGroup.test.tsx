// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChoiceGroup } from "./ChoiceGroup";

afterEach(cleanup);

describe("issue 53: colour swatches", () => {
  it("gives Navy (and every garment colour) a swatch beside belt colours", () => {
    render(
      <ChoiceGroup
        legend="Colour"
        name="color"
        values={["White", "Navy", "Blue/White"]}
        selected=""
        onChange={() => {}}
        swatches
      />,
    );
    const swatch = (value: string) =>
      screen.getByText(value).closest("label")!.querySelector<HTMLElement>("span[aria-hidden]");
    expect(swatch("Navy")?.style.background).toBe("rgb(27, 38, 71)");
    expect(swatch("White")?.style.background).toBe("var(--color-belt-white)");
    expect(swatch("Blue/White")).not.toBeNull();
  });
});
