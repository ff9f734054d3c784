import { describe, expect, it } from "vitest";
import {
  checkRosterRows,
  rosterNameProblem,
  rosterNoteProblem,
  uniqueByAddress,
  UPLOAD_COLUMNS,
} from "./roster-rows";

const team = {
  memberNames: true,
  products: [
    {
      productId: "rash",
      name: "Ranked Rashguard",
      optionType: "Rashguard",
      teamPricePence: 3000,
      sizes: ["S", "M"],
      beltRanks: ["White", "Blue"],
    },
    {
      productId: "gi",
      name: "BJJ Gi",
      optionType: "Gi",
      teamPricePence: 7500,
      sizes: ["A1", "A2"],
    },
  ],
};
const header = [...UPLOAD_COLUMNS];

describe("roster upload rows", () => {
  it("X-TEAM-3 a good file gives each member's choice, matching names and case", () => {
    const result = checkRosterRows(
      [
        header,
        ["Ana Silva", "ana@example.com", "rash", "rashguard", "m", "blue", "", "ANA"],
        ["Ben", "ben@example.com", "BJJ Gi", "Gi", "A2", "", "", ""],
      ],
      team,
    );
    expect(result).toEqual({
      ok: true,
      members: [
        {
          row: 2,
          name: "Ana Silva",
          email: "ana@example.com",
          choice: {
            productId: "rash",
            optionType: "Rashguard",
            size: "M",
            beltRank: "Blue",
            printName: "ANA",
          },
        },
        {
          row: 3,
          name: "Ben",
          email: "ben@example.com",
          choice: { productId: "gi", optionType: "Gi", size: "A2" },
        },
      ],
    });
  });

  it("X-TEAM-3 names each problem by row, at most 50", () => {
    const result = checkRosterRows(
      [
        header,
        ["Ana", "ana@example.com", "gi", "Gi", "A2", "", "", ""],
        ["Ben", "not-an-email", "gi", "Gi", "XXL", "", "", "B".repeat(21)],
        ["Cat", "cat@example.com", "hoodie", "Hoodie", "M", "", "", ""],
      ],
      team,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'Row 3: "not-an-email" is not an e-mail address.',
        'Row 3: "XXL" is not a size of BJJ Gi; choose A1, A2.',
        "Row 3: the name to print may be up to 20 characters.",
        'Row 4: the team does not offer "hoodie" (Hoodie).',
      ],
    });
    const many = checkRosterRows(
      [header, ...Array.from({ length: 80 }, () => ["", "", "gi", "Gi", "A1", "", "", ""])],
      team,
    );
    expect(many.ok === false && many.problems).toHaveLength(50);
    expect(checkRosterRows([["name", "email"]], team)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^Row 1: .*missing product/)],
    });
  });

  it("X-SEC-16 names are plain letters, the note plain text; repeated addresses are kept once", () => {
    expect(rosterNameProblem("Ana Silva")).toBeUndefined();
    expect(rosterNameProblem("Seán O'Brien-Núñez")).toBeUndefined();
    expect(rosterNameProblem("J. R. Smith")).toBeUndefined();
    for (const spam of [
      "Cheap watches at evil.example 1",
      "Visit evil.example",
      "www.evil",
      "a@b",
      "<b>Ana</b>",
    ]) {
      expect(rosterNameProblem(spam)).toMatch(/letters only/);
    }
    expect(rosterNameProblem("A".repeat(61))).toMatch(/up to 60 characters/);
    expect(rosterNoteProblem("Training is at 7 on Monday.")).toBeUndefined();
    expect(rosterNoteProblem("see https://evil.example")).toMatch(/plain text/);
    const member = (email: string, row: number) => ({
      row,
      name: "Ana",
      email,
      choice: { productId: "gi", optionType: "Gi" },
    });
    const unique = uniqueByAddress([
      member("ana@example.com", 2),
      member("ANA@example.com", 3),
      member("ben@example.com", 4),
    ]);
    expect(unique.members.map((m) => m.row)).toEqual([2, 4]);
    expect(unique.repeated).toBe(1);
  });

  it("X-SEC-25 a name to print carries no web address, on a roster as in an entry", () => {
    const result = checkRosterRows(
      [header, ["Ana Silva", "ana@example.com", "gi", "Gi", "A2", "", "", "VISIT EVIL.TEST"]],
      team,
    );
    expect(result).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^Row 2: the name to print: .*without web addresses/)],
    });
    expect(
      checkRosterRows(
        [header, ["Ana Silva", "ana@example.com", "gi", "Gi", "A2", "", "", "ANA 7"]],
        team,
      ),
    ).toMatchObject({ ok: true });
  });
});
