import { expect, test } from "@playwright/test";
import { messagesTo } from "./support/members";

test("joining the waitlist: a bad email, then success, then the same email again", async ({ page }) => {
  const email = `Parent.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@Example.com`;
  await page.goto("/");
  const trigger = page.getByRole("banner").getByRole("button", { name: "Join the waitlist" });
  await trigger.click();

  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await expect(dialog).toBeVisible();
  const emailField = dialog.getByLabel(/^Email/);
  await expect(emailField).toBeFocused();

  await emailField.fill("not-an-email");
  await dialog.getByLabel(/^First name/).fill("Ada");
  await dialog.getByRole("button", { name: /join/i }).click();
  await expect(dialog.getByText(/Enter a valid email address/)).toBeVisible();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel(/^First name/)).toHaveValue("Ada");

  await emailField.fill(email);
  await dialog.getByRole("button", { name: /join/i }).click();
  await expect(dialog.getByRole("status")).toContainText(/on the list/i);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByLabel(/^Email/).fill(email.toLowerCase());
  await dialog.getByRole("button", { name: /join/i }).click();
  await expect(dialog.getByRole("status")).toContainText(/already on the list/i);
});

test("the waitlist dialog keeps keyboard focus inside and returns it on close", async ({ page }) => {
  await page.goto("/faq");
  const trigger = page.getByRole("banner").getByRole("button", { name: "Join the waitlist" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await expect(dialog).toBeVisible();
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("the contact form stores a message and confirms it", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel(/^Name/).fill("Grace Hopper");
  await page.getByLabel(/^Email/).fill("grace@example.com");
  await page.getByLabel(/^Topic/).selectOption("Support");
  await page.getByLabel(/^Message/).fill("Too short");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(
    page
      .getByText(/message/i)
      .filter({ hasText: /at least|characters/i })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue("Grace Hopper");
  await expect(page.getByLabel(/^Topic/)).toHaveValue("Support");

  await page.getByLabel(/^Message/).fill("Could you tell me more about how the Family plan invitations work?");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByRole("status")).toContainText(/thank|sent|received/i);
});

test("the confirmation email: its link confirms the address, its other link leaves the list, in one click each", async ({
  page,
}) => {
  const email = `confirm.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Join the waitlist" }).click();
  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole("button", { name: /join/i }).click();
  await expect(dialog.getByRole("status")).toContainText(/emailed you a link/i);

  await expect.poll(() => messagesTo(email).length).toBe(1);
  const message = messagesTo(email)[0]!;
  expect(message.subject).toBe("Confirm your place on the Happr waitlist");
  const link = (path: string) => new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(message.body)![0];

  // Opening the link changes nothing by itself (mail scanners open links); the button confirms.
  await page.goto(link("/waitlist/confirm"));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("status")).toContainText(/confirmed/i);

  await page.goto(link("/waitlist/leave"));
  await page.getByRole("button", { name: "Leave the waitlist" }).click();
  await expect(page.getByRole("status")).toContainText(/left the waitlist/i);

  // The one-click URL of the List-Unsubscribe header answers a mail client's POST (RFC 8058).
  expect(message.listUnsubscribe).toMatch(/\/api\/waitlist\/unsubscribe\?token=/);
  const oneClick = await page.request.post(message.listUnsubscribe!, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
});
