import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import type { BenchOptions } from "./options";

/** Where the main app writes its outgoing messages and its payment-provider calls during a bench run. */
export function memberFiles(options: BenchOptions) {
  const dataDir = path.resolve(options.mainDir, process.env.BENCH_DATA_DIR ?? ".data/bench");
  return {
    dataDir,
    outboxFile: path.join(dataDir, "outbox.ndjson"),
    billingCallLog: path.join(dataDir, "billing-calls.log"),
  };
}

async function waitForCode(outboxFile: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    if (existsSync(outboxFile)) {
      const code = readFileSync(outboxFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { to: string; body: string })
        .filter((message) => message.to.toLowerCase() === email)
        .at(-1)
        ?.body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-up code for ${email} in ${outboxFile}`);
}

/**
 * A signed-in member with an active subscription, made through the app's own pages in Chromium (sign
 * up, confirm with the emailed code, subscribe with Stripe's 4242 test card on the sandbox checkout).
 * Returns the Cookie header of the member's session.
 */
export function subscribedMemberCookie(
  baseUrl: string,
  options: BenchOptions,
  log: (message: string) => void,
  outboxFile = memberFiles(options).outboxFile,
): Promise<string> {
  // One member per server and run: the sections that need one share it.
  let cookie = members.get(baseUrl);
  if (!cookie) {
    cookie = signUpAndSubscribe(baseUrl, options.chromePath, outboxFile, log);
    members.set(baseUrl, cookie);
    cookie.catch(() => members.delete(baseUrl));
  }
  return cookie;
}

const members = new Map<string, Promise<string>>();

async function signUpAndSubscribe(
  baseUrl: string,
  chromePath: string,
  outboxFile: string,
  log: (message: string) => void,
): Promise<string> {
  return withNewMember(baseUrl, chromePath, outboxFile, log, async (page) => {
    log("member: subscribing on the sandbox checkout");
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Subscribe to Happr Individual, monthly" }).click();
    await page.waitForURL(/\/billing\/sandbox-checkout\/cs_/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel(/^Expiry/).fill("12 / 34");
    await page.getByLabel(/^CVC/).fill("123");
    await page.getByLabel(/^Name on card/).fill("Bench Member");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("heading", { name: "You're subscribed. Welcome to Happr!" }).waitFor();
  });
}

/** A member signed up and confirmed through the app's pages (no subscription): the Cookie header of their session. */
export function signedUpMemberCookie(
  baseUrl: string,
  chromePath: string,
  outboxFile: string,
  log: (message: string) => void,
): Promise<string> {
  return withNewMember(baseUrl, chromePath, outboxFile, log, async () => {});
}

async function withNewMember(
  baseUrl: string,
  chromePath: string,
  outboxFile: string,
  log: (message: string) => void,
  then: (page: Page) => Promise<void>,
): Promise<string> {
  const email = `bench.${Date.now()}@example.com`;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    page.setDefaultTimeout(60_000);
    log(`member: signing up ${email}`);
    await page.goto("/auth/sign-up");
    await page.getByLabel(/^First name/).fill("Bench");
    await page.getByLabel(/^Last name/).fill("Member");
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill("Sunrise-Garden-42!");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel(/^Confirmation code/).fill(await waitForCode(outboxFile, email));
    await page.getByRole("button", { name: "Confirm" }).click();
    // Sign-up lands on Today, the members' home.
    await page.waitForURL(/\/today$/);
    await then(page);
    const cookies = await page.context().cookies(baseUrl);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/** Payment-provider calls logged so far (the sandbox clock's own timer work excluded). */
export function providerCalls(billingCallLog: string): number {
  if (!existsSync(billingCallLog)) return 0;
  return readFileSync(billingCallLog, "utf8")
    .split("\n")
    .filter((line) => line && line !== "runDueWork").length;
}
