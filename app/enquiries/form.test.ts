import { describe, expect, it } from "vitest";
import { checkEnquiry, enquiryFromForm } from "./form";

const valid = {
  name: "Dan Whitfield",
  email: "dan@redcarbjj.example",
  academy: "Redcar BJJ",
  garmentTypes: ["Rashguards", "Gis"],
  quantity: "25-49",
  message: "Club rashguards in teal for about 30 members.",
};

describe("enquiry schema", () => {
  it("X-INFO-1: accepts a complete enquiry and trims it", () => {
    const check = checkEnquiry({ ...valid, name: "  Dan Whitfield ", academy: "" });
    expect(check).toEqual({
      ok: true,
      value: { ...valid, academy: undefined },
    });
  });

  it("X-INFO-1: names each missing or wrong field in words", () => {
    const check = checkEnquiry({ name: " ", email: "nope", message: "", garmentTypes: ["Socks"] });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.fieldErrors).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
      message: "Please tell us what you have in mind.",
      garmentTypes: "Please choose garment types from the list.",
    });
  });

  it("X-SHOP-4: refuses over-long text and anything that is not an object", () => {
    expect(checkEnquiry({ ...valid, message: "x".repeat(4001) }).ok).toBe(false);
    expect(checkEnquiry({ ...valid, quantity: "a million" }).ok).toBe(false);
    expect(checkEnquiry(null).ok).toBe(false);
    expect(checkEnquiry("hello").ok).toBe(false);
  });

  it("X-INFO-1: reads the no-JavaScript form post", () => {
    const form = new FormData();
    form.set("name", "Dan");
    form.set("email", "dan@example.com");
    form.append("garmentTypes", "Gis");
    form.append("garmentTypes", "Hoodies");
    form.set("message", "Hi");
    expect(enquiryFromForm(form)).toMatchObject({
      name: "Dan",
      garmentTypes: ["Gis", "Hoodies"],
    });
  });
});
