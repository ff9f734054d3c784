import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { orders } from "~/db/schema";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { action as tracking } from "~/routes/tracking";
import { forceStatus, OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, postJson } from "./helpers";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const ROYAL_MAIL_LINK = "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB";

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  await (await testDb()).delete(orders);
});

const dispatch = (orderNumber: string, carrier: string, trackingNumber = "RM123456785GB") =>
  call(
    statusApi,
    `/api/admin/orders/${orderNumber}/status`,
    postJson({ status: "dispatched", carrier, trackingNumber }, { cookie }),
    { orderNumber },
  );

async function track(orderNumber: string, email: string) {
  const form = new URLSearchParams({ order: orderNumber, email });
  const response = await call(tracking, "/tracking", {
    method: "POST",
    body: form,
    headers: { "x-client-address": "10.0.0.7" },
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

async function mailsTo(email: string) {
  return (await outbox())
    .map((m) => decodeMail(m.text))
    .filter((text) => text.split(/\r?\n\r?\n/)[0]!.split(/\r?\n/).includes(`To: ${email}`));
}

describe("X-DAY-5: carriers from a list, with tracking links", () => {
  it("X-DAY-5: a dispatch with Royal Mail puts the parcel's Royal Mail link in the e-mail and on /tracking", async () => {
    const order = await paidOrder({ email: "rm@example.com" });
    await forceStatus(order.id, "in_production");
    // Typed in any case, stored in the list's spelling.
    const response = await dispatch(order.orderNumber, "royal mail");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ carrier: "Royal Mail", tracking_number: "RM123456785GB" });
    const mail = (await mailsTo("rm@example.com")).find((m) => m.includes("has been dispatched"))!;
    expect(mail).toContain(`Follow your parcel on Royal Mail's site: ${ROYAL_MAIL_LINK}`);
    expect(await track(order.orderNumber, "rm@example.com")).toMatchObject({
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
      trackingUrl: ROYAL_MAIL_LINK,
    });
  });

  it("X-DAY-5: Other has no link; a carrier not on the list is refused with a sentence", async () => {
    const order = await paidOrder({ email: "other@example.com" });
    await forceStatus(order.id, "in_production");
    const refused = await dispatch(order.orderNumber, "Yodel");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Choose the carrier from the list: Royal Mail, Parcelforce, DPD, Evri, DHL, UPS or Other.",
    });
    expect((await dispatch(order.orderNumber, "Other", "LOCAL-7")).status).toBe(200);
    const mail = (await mailsTo("other@example.com")).find((m) => m.includes("has been dispatched"))!;
    expect(mail).toContain("Carrier: Other");
    expect(mail).not.toContain("Follow your parcel");
    expect(await track(order.orderNumber, "other@example.com")).toMatchObject({
      carrier: "Other",
      trackingUrl: null,
    });
  });
});
