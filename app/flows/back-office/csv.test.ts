import { describe, expect, it } from "vitest";
import { formatPenceDecimal } from "~/pricing/money";
import { csvCell, ordersCsv, ukDateTimeCell } from "./csv";

describe("X-OPS-6, X-DAY-6: CSV export cells", () => {
  it("X-OPS-6: a cell starting with =, +, - or @ is prefixed with '", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+44 7700")).toBe("'+44 7700");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("SILVA")).toBe("SILVA");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(null)).toBe("");
  });

  it("X-OPS-6 (item 11): a cell starting with a tab or CR, or a formula after spaces or quotes, is prefixed with '", () => {
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\tplain")).toBe("'\tplain");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvCell("  =1+1")).toBe("'  =1+1");
    expect(csvCell(' "=1+1')).toBe(`"' ""=1+1"`);
    expect(csvCell("'@SUM(A1)")).toBe("''@SUM(A1)");
    expect(csvCell(" \"'-2+3")).toBe(`"' ""'-2+3"`);
    expect(csvCell("  + 44")).toBe("'  + 44");
    // Text that only has a sign later on is left alone.
    expect(csvCell("  Ana = Silva")).toBe("  Ana = Silva");
    expect(csvCell('"quoted" name')).toBe('"""quoted"" name"');
    expect(csvCell("A-1")).toBe("A-1");
  });

  it("X-OPS-6: amounts are pounds with two decimals, exact to the penny", () => {
    expect(formatPenceDecimal(0)).toBe("0.00");
    expect(formatPenceDecimal(5)).toBe("0.05");
    expect(formatPenceDecimal(8499)).toBe("84.99");
    expect(formatPenceDecimal(123456789)).toBe("1234567.89");
  });

  it("X-OPS-6: one row per line with the order's totals", () => {
    const csv = ordersCsv([
      {
        orderNumber: "GT-10001",
        createdAt: new Date("2026-11-21T10:00:00Z"),
        status: "paid",
        customerName: "Ana Silva",
        customerEmail: "ana@example.com",
        productName: "Gi",
        optionType: "Gi",
        size: "A2",
        beltRank: null,
        color: null,
        customText: "=1+1",
        quantity: 2,
        unitPricePence: 8499,
        lineTotalPence: 16998,
        subtotalPence: 16998,
        shippingPence: 0,
        discountPence: 1700,
        totalPence: 15298,
        refundedPence: 0,
        shippingMethod: "UK express (1-2 working days)",
        deliveryAddress: "Ana Silva, 1 Beach Road, Redcar, TS10 1AA, United Kingdom",
        discountCode: "SAVE10",
        carrier: "Royal Mail",
        trackingNumber: "RM123456785GB",
        paymentStatus: "paid",
        fulfilmentStatus: "unfulfilled",
        teamSlug: "redcar-bjj",
        printName: "Ana",
        teamName: "Redcar BJJ",
      },
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, row] = csv.slice(1).trim().split("\r\n");
    expect(header).toBe(
      "order_number,date,status,customer_name,customer_email,product,option,size,belt_rank,colour,custom_text,quantity,unit_price,line_total,order_subtotal,order_shipping,order_discount,order_total,order_refunded,shipping_method,delivery_address,discount_code,carrier,tracking_number,payment_status,fulfilment_status,team,print_name,team_name",
    );
    expect(row).toBe(
      'GT-10001,21/11/2026 10:00,paid,Ana Silva,ana@example.com,Gi,Gi,A2,,,\'=1+1,2,84.99,169.98,169.98,0.00,17.00,152.98,0.00,UK express (1-2 working days),"Ana Silva, 1 Beach Road, Redcar, TS10 1AA, United Kingdom",SAVE10,Royal Mail,RM123456785GB,paid,unfulfilled,redcar-bjj,Ana,Redcar BJJ',
    );
  });

  it("X-DAY-6: dates are UK local times, summer time included", () => {
    expect(ukDateTimeCell(new Date("2026-07-01T23:30:00Z"))).toBe("02/07/2026 00:30");
    expect(ukDateTimeCell(new Date("2026-12-01T09:05:00Z"))).toBe("01/12/2026 09:05");
  });
});
