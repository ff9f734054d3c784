import { describe, expect, it } from "vitest";
import { emailPictureOf } from "~/catalogue/photos/gallery";
import { seeded } from "~/catalogue/seed/catalogue";
import type { Product, ProductPhoto } from "~/catalogue/types";
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

  it("X-UK-2 X-VAT-3: with a VAT number, VAT at 20% of an order stored without bands, and the number", () => {
    const mail = confirmationEmail(order, [line], {
      shopUrl: "https://shop.example",
      vatNumber: "GB123456789",
    });
    expect(mail.text).toContain("VAT at 20%: £15.00"); // 89.97 / 6 = 14.995
    expect(mail.text).not.toContain("Zero-rated");
    expect(mail.text).toContain("VAT number: GB123456789");
    expect(mail.html).toContain("VAT at 20%");
  });

  it("X-VAT-3: a mixed order: VAT at 20% with its amount and Zero-rated with its value, as stored", () => {
    const mixed = {
      ...order,
      vatBreakdown: [
        { rate_percent: 20, net_pence: 2671, vat_pence: 534, gross_pence: 3205 },
        { rate_percent: 0, net_pence: 2992, vat_pence: 0, gross_pence: 2992 },
      ],
    };
    const mail = confirmationEmail(mixed, [line], {
      shopUrl: "https://shop.example",
      vatNumber: "GB123456789",
    });
    expect(mail.text).toContain("VAT at 20%: £5.34");
    expect(mail.text).toContain("Zero-rated: £29.92");
    expect(mail.html).toContain("Zero-rated");
    const none = confirmationEmail(mixed, [line], { shopUrl: "https://shop.example" });
    expect(none.text).not.toMatch(/VAT|Zero-rated/);
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

describe("X-PHOTO-3: the confirmation e-mail's pictures", () => {
  const hoodie = seeded("mens-grip-truth-hoodie");
  const photo = (id: string, color: string | null, jpeg = true): ProductPhoto => ({
    id,
    alt: `Hoodie photo ${id} "front"`,
    color,
    width: 1600,
    height: 1200,
    avif: [{ url: `/photos/${id}/320-a.avif`, width: 320, height: 240 }],
    webp: [{ url: `/photos/${id}/320-a.webp`, width: 320, height: 240 }],
    ...(jpeg && {
      jpeg: [160, 320].map((w) => ({
        url: `/photos/${id}/${w}-b.jpeg`,
        width: w,
        height: (w * 3) / 4,
      })),
    }),
    placeholder: null,
  });
  const shop = "https://shop.example";
  const pictured = (product: Product, color: string | null) => ({
    ...line,
    color,
    picture: emailPictureOf(product, color, shop),
  });

  it("X-PHOTO-3: a line shows the owner's photo of its colour as an absolute JPEG with size and alt, else the first photo", () => {
    const withPhotos = { ...hoodie, photos: [photo("a", null), photo("b", "Black")] };
    const { html } = confirmationEmail(
      order,
      [pictured(withPhotos, "Black"), pictured(withPhotos, "Grey")],
      { shopUrl: shop },
    );
    expect(html).toContain(
      `<img src="https://shop.example/photos/b/160-b.jpeg" width="80" height="60" alt="Hoodie photo b &#34;front&#34;"`,
    );
    expect(html).toContain(`<img src="https://shop.example/photos/a/160-b.jpeg" width="80"`);
    expect(html).not.toMatch(/\.(webp|avif)"/);
  });

  it("X-PHOTO-3: a product without photos (or whose photo has no JPEG yet) shows its drawing as a PNG", () => {
    const { html } = confirmationEmail(
      order,
      [pictured(hoodie, "Grey"), pictured({ ...hoodie, photos: [photo("c", null, false)] }, null)],
      { shopUrl: shop },
    );
    const drawing = `<img src="https://shop.example/images/products/mens-grip-truth-hoodie/front-160.png" width="80" height="80" alt="${hoodie.images[0]!.alt}"`;
    expect(html.split(drawing).length - 1).toBe(2);
    expect(html).not.toContain("/photos/");
  });

  it("X-PHOTO-3: a line without a picture keeps the table's columns", () => {
    const { html } = confirmationEmail(order, [line], { shopUrl: shop });
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<tr><td><\/td><td valign="top">1 ×<\/td>/);
  });
});
