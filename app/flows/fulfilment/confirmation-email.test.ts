import { describe, expect, it } from "vitest";
import { confirmationEmail } from "./confirmation-email";

const order = {
  orderNumber: "GT-10042",
  subtotalPence: 8997,
  shippingPence: 0,
  shippingMethod: "uk-standard" as const,
  discountPence: 0,
  discountCode: null,
  totalPence: 8997,
  shippingAddress: {
    firstName: "Ana",
    lastName: "Silva",
    address: "1 Beach Road",
    city: "Redcar",
    postcode: "TS10 1AA",
    country: "United Kingdom",
  },
};
const line = {
  productName: "Mens Grip Truth BJJ Gi",
  optionType: "Gi",
  size: "A2",
  beltRank: null,
  color: null,
  customText: "SILVA <b>",
  nameCustomisation: true,
  quantity: 1,
  lineTotalPence: 8997,
  fromStock: false,
};

describe("X-UK-4: the confirmation e-mail", () => {
  it("X-UK-2: no VAT lines without a VAT number", () => {
    const mail = confirmationEmail(order, [line], { shopUrl: "https://shop.example" });
    expect(mail.text).not.toMatch(/VAT/);
    expect(mail.html).not.toMatch(/VAT/);
    expect(mail.text).toContain("Shipping: Free");
  });

  it("X-UK-2: with a VAT number, VAT included (20%) of the total and the number", () => {
    const mail = confirmationEmail(order, [line], {
      shopUrl: "https://shop.example",
      vatNumber: "GB123456789",
    });
    expect(mail.text).toContain("VAT included (20%): £15.00"); // 89.97 / 6 = 14.995
    expect(mail.text).toContain("VAT number: GB123456789");
    expect(mail.html).toContain("VAT included (20%)");
  });

  it("X-UK-3 X-UK-4: notices, method, seller and the right to cancel; custom text escaped in HTML", () => {
    const mail = confirmationEmail(
      order,
      [line, { ...line, customText: null, nameCustomisation: false }],
      {
        shopUrl: "https://shop.example/",
      },
    );
    expect(mail.text).toContain(
      "Personalised: made for you, so it cannot be returned unless faulty",
    );
    expect(mail.text).toContain("14-day right to cancel");
    expect(mail.text).toContain("Delivery: UK standard (2-5 working days)");
    expect(mail.text).toContain("https://shop.example/returns/request");
    expect(mail.text).toContain("GRIP TRUTH Ltd");
    expect(mail.text).toContain("hello@griptruth.co.uk");
    expect(mail.html).toContain('<a href="https://shop.example/returns/request">');
    expect(mail.html).toContain("SILVA &#60;b&#62;");
    expect(mail.html).not.toContain("SILVA <b>");
  });
});
