// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "./Button";
import { Field, SelectField, TextAreaField } from "./Field";

afterEach(cleanup);

describe("X-OPS-1: form primitives", () => {
  it("X-OPS-1: a Field is labelled, and its hint and error describe it", () => {
    render(
      <form>
        <Field label="Amount" name="amount" hint="Up to £10.00." error="Too much." />
        <TextAreaField label="Internal note" name="note" />
        <SelectField label="Status" name="status">
          <option value="">All</option>
        </SelectField>
        <Button>Refund</Button>
      </form>,
    );
    const amount = screen.getByLabelText("Amount");
    expect(amount).toHaveProperty("name", "amount");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    const described = (amount.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Up to £10.00.", "Too much."]);
    expect(screen.getByLabelText("Internal note").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("Status").tagName).toBe("SELECT");
    expect(screen.getByRole("button", { name: "Refund" })).toHaveProperty("type", "submit");
  });

  it("X-OPS-1: a Field without an error is not marked invalid", () => {
    render(<Field label="E-mail" name="email" />);
    const email = screen.getByLabelText("E-mail");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
    expect(email.hasAttribute("aria-describedby")).toBe(false);
  });
});
