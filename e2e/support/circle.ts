import { expect, type Page } from "@playwright/test";
import { messagesTo, openSafeCircle, signIn } from "./members";

/**
 * The owner (signed in, on a Family plan) opens My Safe Circle and invites `invitee` by email; the invitee
 * (signed out, with an account) opens the emailed link, signs in from it and joins: both are then in one circle.
 */
export async function joinOwnersCircle(owner: Page, invitee: { page: Page; email: string; password: string }) {
  const safeCircle = await openSafeCircle(owner);
  const before = messagesTo(invitee.email).length;
  // The channel is a choice only where texts can be sent (an extra instance without SMS: email alone).
  await expect(safeCircle.getByRole("button", { name: "Send invitation" })).toBeVisible();
  const byEmail = safeCircle.getByLabel("Email", { exact: true });
  if ((await byEmail.count()) > 0) await byEmail.check();
  await safeCircle.getByLabel(/^Their email address/).fill(invitee.email);
  await safeCircle.getByRole("button", { name: "Send invitation" }).click();
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = messagesTo(invitee.email.toLowerCase())
          .slice(before)
          .at(-1)
          ?.body.match(/https?:\/\/\S+/)?.[0]),
    )
    .toBeTruthy();
  await invitee.page.goto(link!);
  await invitee.page.getByRole("main").getByRole("link", { name: "sign in", exact: true }).click();
  await signIn(invitee.page, invitee.email, invitee.password);
  // Back on the invitation: they join with a yes.
  await expect(invitee.page).toHaveURL(/\/invitation$/);
  await invitee.page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(invitee.page).toHaveURL(/\/circle$/);
}
