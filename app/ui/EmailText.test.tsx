import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailText } from "./EmailText";

describe("EmailText (issue 24, item 11)", () => {
  it("X-DAY-6: an e-mail address may wrap only after its @ and dots", () => {
    expect(renderToStaticMarkup(<EmailText email="rosa.mendes@example.co.uk" />)).toBe(
      '<span class="[overflow-wrap:break-word]">rosa.<wbr/>mendes@<wbr/>example.<wbr/>co.<wbr/>uk</span>',
    );
  });
});
