// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ReturnLink } from "./ReturnLink";

afterEach(cleanup);

describe("issue 53: the tracking page's return link", () => {
  it("reads as a sentence: no stray ' : ' after the link", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <ReturnLink orderNumber="GT-10001" /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const link = await screen.findByRole("link", { name: "Request a return" });
    expect(link.getAttribute("href")).toBe("/returns/request?order=GT-10001");
    const text = link.closest("p")!.textContent!;
    expect(text).toBe(
      "Sending something back? Request a return. The form says until when you can send things back.",
    );
  });
});
