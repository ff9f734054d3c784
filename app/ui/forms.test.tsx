// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./Field";
import { ErrorSummary, fieldErrorsOf, fieldId, SubmitButton } from "./forms";

afterEach(cleanup);

describe("X-A11Y-2: the one form pattern", () => {
  it("X-A11Y-2: the error summary takes the focus, says the sentence and links to each field in page order", () => {
    const errors = { b: "Enter B", a: "Enter A" };
    render(
      <form>
        <ErrorSummary
          form="f"
          message="Please fill in all fields"
          errors={errors}
          fieldOrder={["a", "b"]}
        />
        <Field id={fieldId("f", "a")} label="A" name="a" required error={errors.a} />
        <Field id={fieldId("f", "b")} label="B" name="b" required error={errors.b} />
      </form>,
    );
    const summary = screen.getByTestId("error-summary");
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain("Please fill in all fields");
    const links = screen.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Enter A", "#f-a"],
      ["Enter B", "#f-b"],
    ]);
    // Not a live region: the focus is its announcement (X-A11Y-7).
    expect(summary.getAttribute("role")).toBeNull();
    expect(summary.getAttribute("aria-live")).toBeNull();
    fireEvent.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByLabelText(/^B/));
  });

  it("X-A11Y-2: a required field is marked and required; a wrong one is invalid and described by its message", () => {
    render(<Field label="Postcode" name="postcode" required error="Enter the postcode" />);
    const box = screen.getByLabelText(/Postcode/);
    expect(box.hasAttribute("required")).toBe(true);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Enter the postcode",
    );
    expect(screen.getByText("*").getAttribute("aria-hidden")).toBe("true");
  });

  it("X-A11Y-2: the summary shows nothing without an error, and fieldErrorsOf reads only strings", () => {
    render(<ErrorSummary form="f" errors={{}} />);
    expect(screen.queryByTestId("error-summary")).toBeNull();
    expect(fieldErrorsOf({ error: "x", fieldErrors: { a: "A", b: 3 } })).toEqual({ a: "A" });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });

  it("X-A11Y-2: a busy submit button stays focusable and ignores a second press", () => {
    let sent = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sent++;
        }}
      >
        <SubmitButton busy>Pay</SubmitButton>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Pay" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(sent).toBe(0);
  });
});
