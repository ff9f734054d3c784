// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "./Button";

afterEach(cleanup);

describe("Button", () => {
  it("X-A11Y-2: a busy button stays focusable, says so, and ignores a press", () => {
    let sent = 0;
    let clicked = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sent++;
        }}
      >
        <Button busy>Save</Button>
        <Button type="button" busy onClick={() => clicked++}>
          Move
        </Button>
      </form>,
    );
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(false);
    expect(save.getAttribute("aria-disabled")).toBe("true");
    save.focus();
    expect(document.activeElement).toBe(save);
    fireEvent.click(save);
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    expect(sent).toBe(0);
    expect(clicked).toBe(0);
  });

  it("X-A11Y-2: a button that is not busy sends its form and runs its handler", () => {
    let sent = 0;
    let clicked = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sent++;
        }}
      >
        <Button onClick={() => clicked++}>Save</Button>
      </form>,
    );
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("aria-disabled")).toBe(false);
    fireEvent.click(save);
    expect(sent).toBe(1);
    expect(clicked).toBe(1);
  });
});
