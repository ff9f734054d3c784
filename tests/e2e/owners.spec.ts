import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, mailsTo, OWNER, shot, signInOwner, test } from "./fixtures";

const LINK = /https?:\/\/\S+\/admin\/set-password\/[A-Za-z0-9_-]{43}/;

/** The one-time link in the e-mail to `email` whose text says `about`, once it has been sent. */
async function linkMailed(email: string, about: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email)).find((text) => text.includes(about));
      link = mail ? (LINK.exec(mail)?.[0] ?? "") : "";
      return link;
    })
    .toMatch(LINK);
  // The link carries the server's own origin; the browser opens it on the server under test.
  return new URL(link).pathname;
}

async function inviteFromOwnersPage(page: Page, email: string) {
  await page.goto("/admin/owners");
  if (page.url().includes("/login")) await signInOwner(page);
  await expect(page.getByRole("heading", { name: "Owners", level: 1 })).toBeVisible();
  await page.getByLabel("Their e-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` }),
  ).toBeVisible();
}

async function setPassword(page: Page, password: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("X-DAY-4: the owner invites someone; they set a password from the e-mailed link and sign in; the link works once", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const invitee = `invitee-${testInfo.project.name}-${Date.now()}@griptruth.test`;
  await page.goto("/admin/owners");
  await signInOwner(page);
  await expect(page.getByRole("heading", { name: "Owners", level: 1 })).toBeVisible();
  const owners = page.getByRole("region", { name: "Who can sign in" });
  await expect(owners.getByText(OWNER.email)).toBeVisible();
  await expect(owners.getByText("(you)")).toBeVisible();
  await expectNoAxeViolations(page);
  await inviteFromOwnersPage(page, invitee);
  await expect(owners.getByText("Invited, not yet joined")).toBeVisible();
  await expect(owners.getByRole("listitem").filter({ hasText: invitee })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "owners");

  const link = await linkMailed(invitee, "invited you");
  // The invitee, in a browser with no session.
  await page.context().clearCookies();
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByText(invitee)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "set-password");
  await setPassword(page, "invitee long password");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Signs in with it later.
  await page.context().clearCookies();
  await signInAs(page, invitee, "invitee long password");
  const listed = await page.request.get("/api/admin/owners");
  const body = await listed.text();
  expect(body).toContain(invitee);
  expect(body).not.toMatch(/hash|token|scrypt/i);

  // The link works once.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(
    page.getByText("This invitation has already been used or has expired."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The first owner removes them, after a question that takes the focus.
  await page.context().clearCookies();
  await page.goto("/admin/owners");
  await signInOwner(page);
  await page.getByRole("button", { name: `Remove ${invitee}` }).click();
  await expect(page.getByRole("heading", { name: `Remove ${invitee}?` })).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, "owners-remove");
  await page.getByRole("button", { name: "Yes, remove this owner" }).click();
  await expect(page.getByRole("status")).toContainText(`${invitee} can no longer sign in`);
});

test("X-DAY-4: forgot password: the same answer for any address, and the e-mailed link sets a new one", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = `forgetful-${testInfo.project.name}-${Date.now()}@griptruth.test`;
  await inviteFromOwnersPage(page, owner);
  await page.context().clearCookies();
  await page.goto(await linkMailed(owner, "invited you"));
  await setPassword(page, "first long password");
  await page.context().clearCookies();

  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("E-mail").fill(`nobody-${Date.now()}@griptruth.test`);
  await page.getByRole("button", { name: "Send the link" }).click();
  const answer = page.getByRole("status");
  await expect(answer).toContainText("If that address belongs to an owner");
  const unknownAnswer = await answer.textContent();
  await page.getByLabel("E-mail").fill(owner);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(answer).toHaveText(unknownAnswer!);
  await expectNoAxeViolations(page);
  await shot(page, "forgot-password");

  await page.goto(await linkMailed(owner, "asked to reset"));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoAxeViolations(page);
  await setPassword(page, "second long password");
  await page.context().clearCookies();
  await signInAs(page, owner, "second long password");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-DAY-4: inviting, setting the password, resetting it and removing an owner work as plain forms", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const invitee = `nojs-${testInfo.project.name}-${Date.now()}@griptruth.test`;
    await inviteFromOwnersPage(page, invitee);
    await page.context().clearCookies();
    await page.goto(await linkMailed(invitee, "invited you"));
    // A mismatch is said on the page, and nothing is used up.
    await page.getByLabel("New password", { exact: true }).fill("nojs long password");
    await page.getByLabel("New password again").fill("something different");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The two passwords do not match.");
    await setPassword(page, "nojs long password");
    await page.context().clearCookies();

    await page.goto("/admin/forgot-password");
    await page.getByLabel("E-mail").fill(invitee);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText("If that address belongs to an owner");
    await page.goto(await linkMailed(invitee, "asked to reset"));
    await setPassword(page, "nojs second password");
    await page.context().clearCookies();
    await signInAs(page, invitee, "nojs second password");
    const session = (await page.context().cookies()).find((c) => c.name === "gt_owner")!;

    // The first owner removes them: asked first, then their session ends at once.
    await page.context().clearCookies();
    await page.goto("/admin/owners");
    await signInOwner(page);
    const row = page
      .getByRole("region", { name: "Who can sign in" })
      .getByRole("listitem")
      .filter({ hasText: invitee });
    await row.getByRole("button", { name: `Remove ${invitee}` }).click();
    await expect(page.getByRole("heading", { name: `Remove ${invitee}?` })).toBeVisible();
    await page.getByRole("button", { name: "Yes, remove this owner" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `${invitee} can no longer sign in; their sessions have ended.`,
    );
    await expect(row).toHaveCount(0);
    const theirs = await request.get("/api/admin/owners", {
      headers: { cookie: `gt_owner=${session.value}` },
    });
    expect(theirs.status()).toBe(401);
  });

  test("X-SEC-17: an open invitation is listed with Cancel invitation, asked first; its link then no longer works", async ({
    page,
  }, testInfo) => {
    const invitee = `cancel-${testInfo.project.name}-${Date.now()}@griptruth.test`;
    await inviteFromOwnersPage(page, invitee);
    const link = await linkMailed(invitee, "invited you");
    const row = page
      .getByRole("region", { name: "Who can sign in" })
      .getByRole("listitem")
      .filter({ hasText: invitee });
    await row.getByRole("button", { name: `Cancel invitation to ${invitee}` }).click();
    await expect(
      page.getByRole("heading", { name: `Cancel the invitation to ${invitee}?` }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel this invitation" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `The invitation to ${invitee} is cancelled; its link no longer works.`,
    );
    await expect(row).toHaveCount(0);
    await page.context().clearCookies();
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(410);
    await expect(page.getByRole("alert")).toHaveText(
      "This invitation has already been used or has expired. Ask an owner to invite you again.",
    );
  });
});
