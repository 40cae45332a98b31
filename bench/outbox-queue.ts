/**
 * Codes first (issue 38): queues 2,000 reminders (as the reminder jobs queue them: held by quiet
 * hours, which puts them behind codes) and then a sign-up confirmation code (queued by the identity
 * service itself), and delivers the outbox over SMTP to a test server on loopback, as `deliverPending`
 * does in the running app. Prints where the code was in the delivery order and how long after the
 * sign-up asked for it the SMTP server had it, against how long all 2,001 took. In process, on an
 * in-memory PGlite, or on a scratch database on the PostgreSQL server BENCH_DATABASE_URL names.
 *
 *   NODE_ENV=test npx tsx --conditions=react-server bench/outbox-queue.ts [reminders]
 *
 * With BENCH_SERVER=1 (after `npm run build`; needs BENCH_DATABASE_URL): against `next start` of that
 * build, as issue 38's "Done when" asks. A scratch database is made on that PostgreSQL server and the
 * server is started on it (BENCH_SERVER_PORT, 3905) with SMTP_URL naming the test SMTP server; the
 * reminders are queued in its database, then a newcomer signs up through the server's sign-up page
 * in Chromium: prints how long after "Create account" the SMTP server had the code, and its place.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import nodemailer from "nodemailer";
import pg from "pg";
import type { Db } from "../lib/db/open";
import { installDatabase } from "../lib/db/client";
import { openDatabase } from "../lib/db/open";
import { createTestDatabase } from "../lib/db/testing";
import { signUp } from "../lib/identity/builtin/accounts";
import { setPasswordHashParamsForTests } from "../lib/identity/password";
import { deliverPending, sendEmail } from "../lib/mail";
import { startTestSmtpServer } from "../lib/mail/test-smtp-server";

const reminders = Number(process.argv[2] ?? 2000);
const CODE_TO = "newcomer@example.com";

/** Queues `count` reminders as the reminder jobs do (held by quiet hours: behind codes). */
async function queueReminders(db: Db, count: number) {
  await db.transaction(async (tx) => {
    for (let index = 0; index < count; index += 1)
      await sendEmail(
        {
          to: `attendee${index % 50}@example.com`,
          subject: `Reminder: Event ${index}`,
          text: "Swimming starts at 6:15 PM. The details are in My Calendar.",
          memberId: "flooding-member",
          holdUntil: new Date(),
        },
        tx,
      );
  });
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL
    ? await createTestDatabase(process.env.BENCH_DATABASE_URL)
    : await openDatabase({ kind: "pglite-memory" });
  installDatabase(database);
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  const smtp = await startTestSmtpServer();
  try {
    await queueReminders(database.db, reminders);
    // From the sign-up request (which queues the code) to the SMTP server accepting the code.
    const queued = performance.now();
    await signUp(
      { email: CODE_TO, password: "Moonlit-River-77?", givenName: "New", familyName: "Comer" },
      { mfa: "optional", clientAddress: "203.0.113.9" },
    );
    const transport = nodemailer.createTransport(smtp.url);
    let codeAt: number | undefined;
    const sendMail = transport.sendMail.bind(transport);
    // Times the moment the SMTP server accepted the code's message.
    transport.sendMail = (async (message: { to: string }) => {
      const info = await sendMail(message as never);
      if (message.to === CODE_TO) codeAt = performance.now();
      return info;
    }) as typeof transport.sendMail;
    const report = await deliverPending({ db: database.db, transport });
    const done = performance.now();
    const position = smtp.received.findIndex((mail) => mail.to.includes(CODE_TO)) + 1;
    console.log(`outbox: ${reminders} reminders queued, then a sign-up confirmation code`);
    console.log(`delivered: ${report.sent} sent, ${report.failed} failed, in ${((done - queued) / 1000).toFixed(1)} s`);
    console.log(
      `the code: delivered ${position} of ${smtp.received.length}, ${codeAt === undefined ? "never" : `${((codeAt - queued) / 1000).toFixed(2)} s`} after the sign-up asked for it`,
    );
  } finally {
    await smtp.close();
    await database.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function againstServer() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("BENCH_SERVER needs BENCH_DATABASE_URL (the server's database must be shared)");
  // Messages are stored sealed with a key derived from AUTH_SECRET: the reminders this process queues
  // must be sealed with the server's key, or the server could not open them and would give them up.
  process.env.AUTH_SECRET ??= randomBytes(33).toString("base64");
  const name = `happr_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  installDatabase(database);
  const smtp = await startTestSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "happr-bench-outbox-"));
  const port = Number(process.env.BENCH_SERVER_PORT ?? 3905);
  const baseURL = `http://localhost:${port}`;
  const server = spawn(path.resolve("node_modules/.bin/next"), ["start", "-p", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      BILLING: "sandbox",
      SITE_URL: baseURL,
      AUTH_SECRET: process.env.AUTH_SECRET,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  try {
    await waitFor(
      () =>
        fetch(`${baseURL}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      120_000,
      "the server's /api/health",
    );
    await queueReminders(database.db, reminders);
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto("/auth/sign-up");
    const email = `newcomer.${Date.now()}@example.com`;
    await page.getByLabel(/^First name/).fill("New");
    await page.getByLabel(/^Last name/).fill("Comer");
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill("Moonlit-River-77?");
    const before = smtp.received.length;
    const asked = performance.now();
    await page.getByRole("button", { name: "Create account" }).click();
    const isCode = (mail: { to: string[] }) => mail.to.some((to) => to.includes(email));
    await waitFor(() => smtp.received.some(isCode), 120_000, "the code at the SMTP server");
    const codeAt = performance.now();
    const position = smtp.received.findIndex(isCode) + 1;
    await waitFor(() => smtp.received.length >= reminders + 1, 300_000, "every message").catch(() => undefined);
    const allAt = performance.now();
    console.log(`next start on PostgreSQL (${name}), SMTP on loopback: ${reminders} reminders queued in its database`);
    console.log(`the SMTP server had ${before} messages before the sign-up`);
    console.log(
      `the code: ${seconds(codeAt - asked)} from "Create account" to the SMTP server, delivered ${position} of ${smtp.received.length} so far`,
    );
    console.log(`all ${smtp.received.length} messages delivered ${seconds(allAt - asked)} after "Create account"`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await smtp.close();
    await database.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

(process.env.BENCH_SERVER ? againstServer() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
