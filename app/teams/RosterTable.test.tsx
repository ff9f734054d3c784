// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { RosterEntry } from "./rules";
import { RosterTable, type RosterView } from "./RosterTable";

afterEach(cleanup);

const roster: RosterEntry[] = [
  {
    memberName: "Ana Silva",
    email: "ana@example.com",
    productId: "gi",
    productName: "Gi",
    optionType: "Standard",
    size: "A2",
    beltRank: "Blue",
    color: null,
    printName: "ANA",
    quantity: 1,
    orderNumber: "GT-1001",
    status: "in_production",
  },
  {
    memberName: "Bo Li",
    email: "bo@example.com",
    productId: "rash",
    productName: "Rashguard",
    optionType: "Long sleeve",
    size: "M",
    beltRank: null,
    color: "Black",
    printName: null,
    quantity: 2,
    orderNumber: "GT-1002",
    status: "paid",
  },
];

function show(view: RosterView) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <RosterTable roster={roster} view={view} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("table");
}

const headings = (table: HTMLElement) =>
  within(table)
    .getAllByRole("columnheader")
    .map((th) => th.textContent);
const cells = (table: HTMLElement, row: number) =>
  within(within(table).getAllByRole("row")[row]!)
    .getAllByRole("cell")
    .map((td) => td.textContent);

describe("X-TEAM-3, X-TEAM-5: one roster table for the owner and the organiser", () => {
  it("X-TEAM-5: the owner sees e-mails, order links and each order's status", () => {
    const table = show("owner");
    expect(screen.getByRole("region", { name: "Roster (scrolls sideways)" })).toBeTruthy();
    expect(within(table).getByText("Paid member orders").tagName).toBe("CAPTION");
    expect(headings(table)).toEqual([
      "Member",
      "Product",
      "Size",
      "Belt rank / colour",
      "Name",
      "Order",
      "Status",
    ]);
    expect(cells(table, 1)).toEqual([
      "Ana Silvaana@example.com",
      "Gi (Standard)",
      "A2",
      "Blue",
      "ANA",
      "GT-1001",
      "in production",
    ]);
    expect(cells(table, 2)[1]).toBe("Rashguard (Long sleeve)");
    expect(within(table).getByRole("link", { name: "GT-1002" }).getAttribute("href")).toBe(
      "/admin/orders/GT-1002",
    );
  });

  it("X-TEAM-3: the organiser sees quantities but no e-mails, links or statuses", () => {
    const table = show("organiser");
    expect(screen.getByRole("region", { name: "Who has ordered (scrolls sideways)" })).toBeTruthy();
    expect(within(table).getByText("Paid orders, one row per item line").tagName).toBe("CAPTION");
    expect(headings(table)).toEqual([
      "Member",
      "Product",
      "Size",
      "Belt rank / colour",
      "Name to print",
      "Order",
    ]);
    expect(cells(table, 1)).toEqual(["Ana Silva", "Gi (Standard)", "A2", "Blue", "ANA", "GT-1001"]);
    expect(cells(table, 2)).toEqual([
      "Bo Li",
      "Rashguard (Long sleeve) × 2",
      "M",
      "Black",
      "",
      "GT-1002",
    ]);
    expect(within(table).queryByRole("link")).toBeNull();
    expect(table.textContent).not.toContain("@example.com");
  });
});
