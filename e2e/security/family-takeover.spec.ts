import { expect, test, type Browser, type Page } from "@playwright/test";
import { createChildAccount, messagesTo, signIn, signUp, uniqueEmail } from "../support/members";
import { graphql, subscribe } from "../support/subscriptions";

// Issue 37, points 1 and 2, tried as another family and as a child would, against the production build.
test.describe.configure({ timeout: 180_000 });

const INVITE = `mutation($email: String) { inviteToCircle(email: $email) { statusCode message invitation { circleId } } }`;
const ACCEPT = `mutation($token: String!) { invitationSignUpDone(token: $token) { statusCode message } }`;

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A member with a live Family plan, signed in on their own page. */
async function familyOwner(browser: Browser, firstName: string) {
  const page = await newPage(browser);
  const account = await signUp(page, { firstName, lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  return { page, ...account };
}

/** Invites `email` to the owner's circle over the API; answers the circle and the link's token. */
async function invite(page: Page, email: string) {
  const before = messagesTo(email).length;
  const invited = await graphql<{ statusCode: number; invitation: { circleId: string } }>(page, INVITE, { email });
  expect(invited.statusCode).toBe(201);
  let token: string | null = null;
  await expect
    .poll(() => {
      const link = messagesTo(email)
        .slice(before)
        .at(-1)
        ?.body.match(/https?:\/\/\S+/)?.[0];
      token = link ? new URL(link).searchParams.get("invitation") : null;
      return token;
    })
    .toBeTruthy();
  return { circleId: invited.invitation.circleId, token: token! };
}

test("another family cannot reach a child: the child's cookie cannot accept their invitation or leave, and their owner cannot set the child's password", async ({
  browser,
}) => {
  const olive = await familyOwner(browser, "Olive");
  const maya = await createChildAccount(olive.page, { firstName: "Maya" });

  // The child signs in on their own device.
  const child = await newPage(browser);
  await child.goto("/my-account");
  await signIn(child, maya.signInName, maya.password);
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible({ timeout: 20_000 });
  // Their page offers what is theirs: their password; no security centre.
  await expect(child.getByRole("form", { name: "Change your password" })).toBeVisible();
  await expect(child.getByRole("link", { name: "Open the security centre" })).toHaveCount(0);

  // Mallory, another family's owner, sends an invitation the child is lured into accepting over the API.
  const mallory = await familyOwner(browser, "Mallory");
  const { token } = await invite(mallory.page, uniqueEmail("lure"));
  expect(await graphql(child, ACCEPT, { token })).toEqual({
    statusCode: 403,
    message: "A child's account cannot join another circle. Ask one of your grown-ups.",
  });

  // Nor can the child leave the circle their grown-ups made the account in.
  const mine = await graphql<{ circles: { circleId: string; role: string }[] }>(
    child,
    "query { getMyCircles { statusCode message circles { circleId role } } }",
  );
  expect(mine.circles).toEqual([{ circleId: expect.any(String), role: "CHILD" }]);
  expect(
    await graphql(child, "mutation($circleId: String!) { leaveCircle(circleId: $circleId) { statusCode message } }", {
      circleId: mine.circles[0]!.circleId,
    }),
  ).toEqual({
    statusCode: 403,
    message: "A child's account stays in the circle it was made in. Ask one of your grown-ups.",
  });

  // Discreet mode's page offers a child no safety reset.
  await child.goto("/my-account/discreet-mode");
  await expect(child.getByRole("heading", { level: 1, name: "Discreet mode" })).toBeVisible();
  await expect(child.getByRole("heading", { name: "Safety reset" })).toHaveCount(0);

  // Mallory makes a child of her own to get the reset form, then points it at Maya's id (read from the
  // real carer's page, as a leaked id would be): refused, as for a child that does not exist.
  await createChildAccount(mallory.page, { firstName: "Finn" });
  await olive.page.goto("/circle");
  const mayaId = await olive.page
    .getByRole("form", { name: "New password for Maya" })
    .locator('input[name="childId"]')
    .inputValue();
  await mallory.page.goto("/circle");
  const reset = mallory.page.getByRole("form", { name: "New password for Finn" });
  await reset
    .locator('input[name="childId"]')
    .evaluate((input, id) => ((input as HTMLInputElement).value = id), mayaId);
  await reset.getByLabel(/^New password/).fill("Mallory-Owns-It-77");
  await reset.getByRole("button", { name: "Give Finn a new password" }).click();
  await expect(reset.getByText("Child not found")).toBeVisible();

  // Maya is untouched: the refused reset ended none of her sessions.
  await child.goto("/my-account");
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible();
});

test("an owner cannot make an adult who joined by invitation a child over the API", async ({ browser }) => {
  const olive = await familyOwner(browser, "Olive");
  const ada = await newPage(browser);
  const adult = await signUp(ada, { firstName: "Ada", lastName: "Adult" });
  const { circleId, token } = await invite(olive.page, adult.email);
  expect(await graphql(ada, ACCEPT, { token })).toMatchObject({ statusCode: 200 });

  const view = await graphql<{ circle: { members: { memberId: string; role: string }[] } }>(
    olive.page,
    "query { getMyCircle { statusCode message circle { members { memberId role } } } }",
  );
  const adaId = view.circle.members.find((member) => member.role === "member")!.memberId;
  expect(
    await graphql(
      olive.page,
      "mutation($circleId: String!, $memberId: String!, $role: CircleRole!) { setCircleRole(circleId: $circleId, memberId: $memberId, role: $role) { statusCode message } }",
      { circleId, memberId: adaId, role: "CHILD" },
    ),
  ).toEqual({
    statusCode: 409,
    message:
      "role: only an account a grown-up made for a child under 13 has the role child; an adult cannot be made a child",
  });
  // Ada's account stays hers: her full page, with the security centre.
  await ada.goto("/my-account");
  await expect(ada.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(ada.getByRole("link", { name: "Open the security centre" })).toBeVisible();
});
