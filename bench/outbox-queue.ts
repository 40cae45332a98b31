/**
 * Codes first (issue 38): queues 2,000 reminders (as the reminder jobs queue them: held by quiet
 * hours, which puts them behind codes) and then a sign-up confirmation code (queued by the identity
 * service itself), and delivers the outbox over SMTP to a test server on loopback, as `deliverPending`
 * does in the running app. Prints where the code was in the delivery order and how long after the
 * sign-up asked for it the SMTP server had it, against how long all 2,001 took. In process, on an
 * in-memory PGlite, or on a scratch database on the PostgreSQL server BENCH_DATABASE_URL names.
 *
 *   NODE_ENV=test npx tsx --conditions=react-server bench/outbox-queue.ts [reminders]
 */
import { performance } from "node:perf_hooks";
import nodemailer from "nodemailer";
import { installDatabase } from "../lib/db/client";
import { openDatabase } from "../lib/db/open";
import { createTestDatabase } from "../lib/db/testing";
import { signUp } from "../lib/identity/builtin/accounts";
import { setPasswordHashParamsForTests } from "../lib/identity/password";
import { deliverPending, sendEmail } from "../lib/mail";
import { startTestSmtpServer } from "../lib/mail/test-smtp-server";

const reminders = Number(process.argv[2] ?? 2000);
const CODE_TO = "newcomer@example.com";

async function main() {
  const database = process.env.BENCH_DATABASE_URL
    ? await createTestDatabase(process.env.BENCH_DATABASE_URL)
    : await openDatabase({ kind: "pglite-memory" });
  installDatabase(database);
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  const smtp = await startTestSmtpServer();
  try {
    await database.db.transaction(async (tx) => {
      for (let index = 0; index < reminders; index += 1)
        await sendEmail(
          {
            to: `attendee${index % 50}@example.com`,
            subject: `Reminder: Event ${index}`,
            text: "Swimming starts at 6:15 PM. The details are in My Calendar.",
            memberId: "flooding-member",
            holdInQuietHours: true,
          },
          tx,
        );
    });
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

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
