import { describe, expect, it } from "vitest";
import { paymentFieldErrors, paymentFormProblem, paymentFormSchema } from "./payment-form";

const complete = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.com",
  phone: "07700 900123",
  address: "1 Beach Road",
  city: "Redcar",
  postcode: "TS10 1AA",
  country: "United Kingdom",
  sameAsShipping: "on",
  cardNumber: "4242 4242 4242 4242",
  cardName: "ANA SILVA",
  expiryDate: "12/30",
  cvv: "123",
};
const form = (over: Record<string, string | undefined>) =>
  paymentFormSchema.parse({ ...complete, ...over });

describe("S-CHK-5: payment page validation", () => {
  it("accepts a complete form with billing same as shipping", () => {
    expect(paymentFormProblem(form({}))).toBeNull();
  });

  it("asks for shipping fields first", () => {
    for (const field of [
      "firstName",
      "lastName",
      "email",
      "phone",
      "address",
      "city",
      "postcode",
    ]) {
      expect(paymentFormProblem(form({ [field]: "  " }))).toBe(
        "Please fill in all required shipping and billing fields",
      );
    }
  });

  it("asks for billing fields when billing is not the same as shipping", () => {
    expect(paymentFormProblem(form({ sameAsShipping: undefined }))).toBe(
      "Please fill in all required shipping and billing fields",
    );
    expect(
      paymentFormProblem(
        form({
          sameAsShipping: undefined,
          billingFirstName: "A",
          billingLastName: "S",
          billingAddress: "2 High St",
          billingCity: "York",
          billingPostcode: "YO1 1AA",
        }),
      ),
    ).toBeNull();
  });

  it("asks for every card field", () => {
    for (const field of ["cardNumber", "cardName", "expiryDate", "cvv"]) {
      expect(paymentFormProblem(form({ [field]: "" }))).toBe("Please fill in all card details");
    }
  });

  it("wants a plausible e-mail", () => {
    expect(paymentFormProblem(form({ email: "ana" }))).toBe("Please enter a valid e-mail address.");
  });
});

describe("X-A11Y-2: each wrong payment field has its own message", () => {
  it("names every blank required field, and none of a complete form", () => {
    expect(paymentFieldErrors(form({}))).toEqual({});
    expect(paymentFieldErrors(form({ postcode: " ", cvv: "" }))).toEqual({
      postcode: "Enter the delivery postcode",
      cvv: "Enter the card's 3-digit security code (CVV)",
    });
  });

  it("asks for the billing fields only when billing is not the shipping address", () => {
    expect(Object.keys(paymentFieldErrors(form({ sameAsShipping: undefined })))).toEqual([
      "billingFirstName",
      "billingLastName",
      "billingAddress",
      "billingCity",
      "billingPostcode",
    ]);
  });

  it("says what an e-mail address looks like when it is not one", () => {
    expect(paymentFieldErrors(form({ email: "nope" }))).toEqual({
      email: "Enter an e-mail address like name@example.com",
    });
  });
});
