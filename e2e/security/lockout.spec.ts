import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { TOTP_PERIOD_SECONDS, totpCode } from "../../lib/identity/totp";
import { extraPort, startInstance } from "../support/app-instances";
import { openSecurityCentre, outboxFile, signUp, uniqueEmail } from "../support/members";

/**
 * Attack: guesses sent all at once, so that they are all checked before any is counted (the lock
 * was checked before the slow hash, and a failure recorded while locked restarted the count). Against
 * the production build: a parallel burst of 20 wrong passwords, then the right one; and parallel
 * wrong authenticator codes from someone who has the password.
 */
// Twenty browsers at once are heavy: these run one at a time, with room for a loaded machine.
base.describe.configure({ mode: "serial", timeout: 420_000 });

/**
 * Each journey (and each retry) runs against a server and embedded database of its own: every browser
 * here comes from 127.0.0.1, and the failures other journeys left on the shared server's address
 * count (20 in 15 minutes lock the address) would refuse these sign-ins for a reason not under test.
 */
const test = base.extend({
  baseURL: async ({}, use) => {
    const dataDir = `.data/e2e-lockout-${randomUUID()}`;
    // Sign-up codes land in the outbox file the journeys read.
    const app = await startInstance(extraPort(9), { DATA_DIR: dataDir, OUTBOX_FILE: outboxFile });
    await use(app.url);
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

const ANSWER =
  /Incorrect username or password\.|Too many failed|Too many wrong codes|Please wait|Invalid verification code|Too many invalid codes/;

/** A browser of its own at the sign-in page (each has its own sign-in interaction). */
async function signInPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/auth/start?continue=/my-account");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  return page;
}

async function fill(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
}

/** Submits and reads the answer the form shows. */
async function answerOf(page: Page, button: string): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  const shown = page.getByRole("main").getByText(ANSWER).first();
  await expect(shown).toBeVisible({ timeout: 60_000 });
  return (await shown.textContent())!.trim();
}

/**
 * Submits every page at once. `checkable` is how many guesses one sender going one after another
 * could have had checked in the time the burst took (delays of 1 s, 2 s, 4 s... from the second
 * failure, 5 at most before the lock): on a loaded machine a burst spreads over seconds.
 */
async function burst(pages: Page[], button: string): Promise<{ answers: string[]; checkable: number }> {
  const began = Date.now();
  const answers = await Promise.all(pages.map((page) => answerOf(page, button)));
  const seconds = (Date.now() - began) / 1000;
  return { answers, checkable: Math.min(5, 2 + Math.floor(Math.log2(seconds + 1))) };
}

test("wrong authenticator codes sent at once by someone with the password: no more checks, and the right code refused after", async ({
  browser,
  baseURL,
  page,
}) => {
  const email = uniqueEmail("code-burst");
  const { password } = await signUp(page, { email });
  await openSecurityCentre(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  await card.getByLabel(/^Current password/).fill(password);
  await card.getByRole("button", { name: "Turn on authenticator app" }).click();
  const secret = (await card.getByTestId("authenticator-secret").textContent())!.trim();
  await card.getByLabel("Code from your app").fill(totpCode(secret, new Date()));
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByRole("status")).toHaveText(/Authenticator app is on/);

  // The thief signs in with the password in ten browsers, one after another, reaching the code step in each.
  const pages: Page[] = [];
  for (let index = 0; index < 10; index += 1) {
    const thief = await signInPage(browser, baseURL);
    await fill(thief, email, password);
    await thief.getByRole("button", { name: "Sign in" }).click();
    await expect(thief.getByRole("heading", { name: "Enter the code from your authenticator app" })).toBeVisible({
      timeout: 30_000,
    });
    pages.push(thief);
  }
  const now = new Date();
  const taken = new Set(
    [-1, 0, 1].map((step) => totpCode(secret, new Date(now.getTime() + step * TOTP_PERIOD_SECONDS * 1000))),
  );
  const wrong = ["111111", "222222", "333333", "444444"].find((code) => !taken.has(code))!;
  await Promise.all(pages.map((thief) => thief.getByLabel(/^Code/).fill(wrong)));
  const { answers, checkable } = await burst(pages, "Continue");
  const checked = answers.filter((answer) => answer === "Invalid verification code provided, please try again.").length;
  expect(checked).toBeLessThanOrEqual(checkable);
  expect(answers.filter((answer) => /^Too many failed|Too many wrong codes/.test(answer))).toHaveLength(10 - checked);

  // Fresh sign-ins with the password give no fresh guesses: one wrong code each, after the wait it was
  // told, until the codes lock; then the right code is refused too.
  const codeStep = async () => {
    const thief = await signInPage(browser, baseURL);
    await fill(thief, email, password);
    await thief.getByRole("button", { name: "Sign in" }).click();
    await expect(thief.getByRole("heading", { name: "Enter the code from your authenticator app" })).toBeVisible({
      timeout: 60_000,
    });
    return thief;
  };
  let locked = "";
  for (let attempt = 0; attempt < 8 && !locked; attempt += 1) {
    const thief = await codeStep();
    await thief.getByLabel(/^Code/).fill(wrong);
    const answer = await answerOf(thief, "Continue");
    if (/Too many wrong codes/.test(answer)) locked = answer;
    const wait = Number(answer.match(/wait (\d+) second/)?.[1] ?? 0);
    await thief.context().close();
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 300));
  }
  expect(locked).toBe("Too many wrong codes for this account. Sign-in is locked; try again in 15 minutes.");
  const last = await codeStep();
  await last.getByLabel(/^Code/).fill(totpCode(secret, new Date()));
  expect(await answerOf(last, "Continue")).toMatch(/^Too many wrong codes for this account\. Sign-in is locked/);
  await expect(last).not.toHaveURL(/\/my-account$/);
});

test("20 wrong passwords at once get no more checks than one after another; the right one is refused until the lock ends", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("burst");
  const owner = await (await browser.newContext({ baseURL })).newPage();
  const { password } = await signUp(owner, { email });

  const pages = await Promise.all(Array.from({ length: 20 }, () => signInPage(browser, baseURL)));
  await Promise.all(pages.map((page, index) => fill(page, email, `Wrong-Guess-${index}-Aa!`)));
  const { answers, checkable } = await burst(pages, "Sign in");
  // The first failure brings no delay, the second a second's: the guesses that arrive within it are refused unchecked.
  const checked = answers.filter((answer) => answer.startsWith("Incorrect username or password.")).length;
  expect(checked).toBeLessThanOrEqual(checkable);
  expect(answers.filter((answer) => /^Too many failed|Sign-in is locked/.test(answer))).toHaveLength(20 - checked);

  // (That the right password sent within the delay is refused unchecked is shown with a frozen clock in
  // lib/identity/builtin/lockout.db.attack.test.ts: here, opening another browser can outlast a 1-second delay.)

  // Guesses one by one, each after the wait it was told, until the account locks.
  let locked = "";
  for (let attempt = 0; attempt < 8 && !locked; attempt += 1) {
    const page = await signInPage(browser, baseURL);
    await fill(page, email, `Wrong-Again-${attempt}-Aa!`);
    const answer = await answerOf(page, "Sign in");
    if (/Sign-in is locked/.test(answer)) locked = answer;
    const wait = Number(answer.match(/wait (\d+) second/)?.[1] ?? 0);
    await page.context().close();
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 300));
  }
  expect(locked).toBe("Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.");

  // A second burst while locked changes nothing, and the right password stays refused.
  const again = await Promise.all(Array.from({ length: 20 }, () => signInPage(browser, baseURL)));
  await Promise.all(again.map((page, index) => fill(page, email, `Locked-Guess-${index}-Aa!`)));
  expect(
    new Set((await burst(again, "Sign in")).answers.map((answer) => answer.replace(/\d+ minutes?/, "N minutes"))),
  ).toEqual(new Set(["Too many failed sign-in attempts for this account. Sign-in is locked; try again in N minutes."]));
  const still = await signInPage(browser, baseURL);
  await fill(still, email, password);
  expect(await answerOf(still, "Sign in")).toMatch(/Sign-in is locked; try again in 1[45] minutes\./);
});
