// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteFooter } from "./SiteFooter";

afterEach(cleanup);

const footerWith = (reviewCount: number) => {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <SiteFooter reviewCount={reviewCount} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
};

describe("issue 53: the footer's stars", () => {
  it("shows no stars beside 0 verified reviews", async () => {
    footerWith(0);
    expect(await screen.findByText("0 verified reviews")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Five stars" })).toBeNull();
  });

  it("shows the stars beside reviews", async () => {
    footerWith(3);
    expect(await screen.findByText("3 verified reviews")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Five stars" })).toBeTruthy();
  });
});
