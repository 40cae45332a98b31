import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as config from "../config";
import { useTestDatabase } from "../db/testing";
import { deliverPending, sendEmail, sendSms } from ".";
import { startTestSmtpServer } from "./test-smtp-server";

/**
 * Attack: someone reads the database (a leaked backup, a read replica, an injection elsewhere) and
 * finds the sign-in codes, reset codes and invitation links the outbox queued or already delivered.
 * Every column of every outbox row is searched as text for the secret.
 */
const database = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => vi.restoreAllMocks());

async function rowsHolding(secret: string) {
  const result = await database.db.execute(
    sql`select id from outbox o where strpos(row_to_json(o)::text, ${secret}) > 0`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

describe("codes and links in the outbox", () => {
  it("are not in clear while queued, and nothing of the message stays once it is delivered", async () => {
    const code = "731904";
    const link = "https://happr.app/auth/sign-up?invitation=tok_Zx81QpL0";
    await sendEmail({
      to: "ada@example.com",
      subject: "Your Happr code",
      text: `Your code is ${code}. Or follow ${link}`,
    });
    await sendSms({ to: "+14155550123", body: `Your Happr verification code is ${code}.` });
    expect(await rowsHolding(code)).toEqual([]);
    expect(await rowsHolding("tok_Zx81QpL0")).toEqual([]);

    expect(await deliverPending({ transport: nodemailer.createTransport(smtp.url) })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0]!.data).toContain(code);
    expect(await rowsHolding(code)).toEqual([]);
    expect(await rowsHolding("ada@example.com")).toEqual([]);
  });

  it("OUTBOX_FILE, which copies them in clear for tests, is private and refused beside real mail in production", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "happr-outbox-"));
    try {
      const file = path.join(directory, "outbox.ndjson");
      vi.spyOn(config, "getConfig").mockReturnValue(config.parseConfig({ NODE_ENV: "test", OUTBOX_FILE: file }));
      await sendEmail({ to: "ada@example.com", subject: "Your Happr code", text: "Your code is 555111." });
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(() =>
        config.parseConfig({
          NODE_ENV: "production",
          AUTH_SECRET: "x".repeat(40),
          SMTP_URL: "smtp://mail.internal:25",
          OUTBOX_FILE: file,
        }),
      ).toThrow(/OUTBOX_FILE/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
