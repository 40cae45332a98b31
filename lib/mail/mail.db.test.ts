import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import nodemailer from "nodemailer";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../db/testing";
import { outbox } from "../db/schema";
import { deliverPending, MAX_ATTEMPTS, readOutbox, sendEmail, sendSms } from ".";
import { startTestSmtpServer } from "./test-smtp-server";

const database = useTestDatabase([outbox]);
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
  smtp.state.failNext = 0;
});
afterEach(() => vi.restoreAllMocks());

const smtpTransport = () => nodemailer.createTransport(smtp.url);

describe("outbox", () => {
  it("queues an email row and leaves it pending", async () => {
    const { id } = await sendEmail({ to: "ada@example.com", subject: "Your code", text: "123456" });
    const [row] = await readOutbox(database.db, "ada@example.com");
    expect(row).toMatchObject({
      id,
      channel: "email",
      recipient: "ada@example.com",
      subject: "Your code",
      body: "123456",
      sentAt: null,
      attempts: 0,
    });
  });

  it("queues an SMS row", async () => {
    await sendSms({ to: "+14155550123", body: "Code 654321" });
    const rows = await readOutbox(database.db, "+14155550123");
    expect(rows).toEqual([
      expect.objectContaining({ channel: "sms", recipient: "+14155550123", body: "Code 654321", subject: null }),
    ]);
  });

  it("rejects bad messages before touching the database", async () => {
    await expect(sendEmail({ to: "not-an-email", subject: "x", text: "y" })).rejects.toThrow(
      /to must be an email address/,
    );
    await expect(
      sendEmail({ to: "a@example.com", subject: "Hi\r\nBcc: victim@example.com", text: "y" }),
    ).rejects.toThrow(/subject/);
    await expect(sendSms({ to: "555-0123", body: "y" })).rejects.toThrow(/E\.164/);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it("writes inside the caller's transaction: a rollback leaves no message", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await sendEmail({ to: "ada@example.com", subject: "Rolled back", text: "never sent" }, tx);
        throw new Error("business rule failed");
      }),
    ).rejects.toThrow("business rule failed");
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });
});

describe("deliverPending over SMTP", () => {
  it("sends a mailing-list message with RFC 8058 one-click unsubscribe headers, and forgets the URL once sent", async () => {
    const url = "https://happr.app/api/waitlist/unsubscribe?token=abc.def";
    await sendEmail({ to: "ada@example.com", subject: "Confirm", text: "Hi", listUnsubscribe: url });
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 1, failed: 0 });
    // Header lines may be folded (RFC 5322): unfold before reading.
    const headers = smtp.received[0]!.data.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/happr\.app\/api\/waitlist\/unsubscribe\?token=abc\.def>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const [row] = await database.db.select().from(outbox);
    expect(row!.listUnsubscribe).toBeNull();
  });

  it("sends no List-Unsubscribe header on a message that is not from a list", async () => {
    await sendEmail({ to: "ada@example.com", subject: "Your code", text: "123456" });
    await deliverPending({ transport: smtpTransport() });
    expect(smtp.received[0]!.data).not.toMatch(/List-Unsubscribe/i);
  });

  it("sends pending email, marks it sent (keeping no body, subject or address) and never sends it again", async () => {
    await sendEmail({
      to: "ada@example.com",
      replyTo: "grace@example.com",
      subject: "Hello Ada",
      text: "Line one\nLine two",
    });
    await sendSms({ to: "+14155550123", body: "not for SMTP" });

    const report = await deliverPending({ transport: smtpTransport(), from: "Happr <hello@happr.app>" });
    expect(report).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["ada@example.com"]);
    expect(smtp.received[0]!.from).toBe("hello@happr.app");
    expect(smtp.received[0]!.data).toMatch(/^Subject: Hello Ada$/m);
    expect(smtp.received[0]!.data).toMatch(/^Reply-To: grace@example.com$/m);
    expect(smtp.received[0]!.data).toContain("Line two");

    const rows = await database.db.select().from(outbox).where(eq(outbox.channel, "email"));
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({ body: "", subject: null, recipient: "", replyTo: null });
    const [sms] = await database.db.select().from(outbox).where(eq(outbox.channel, "sms"));
    expect(sms!.sentAt).toBeNull();

    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("records a failure, backs off, and sends on a later attempt", async () => {
    const { id } = await sendEmail({ to: "ada@example.com", subject: "Retry me", text: "body" });
    smtp.state.failNext = 1;
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 0, failed: 1 });
    let [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // Within the back-off nothing is retried.
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 0, failed: 0 });

    await database.db
      .update(outbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 1, failed: 0 });
    [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("gives a message up at once when its body cannot be opened (AUTH_SECRET changed since it was queued)", async () => {
    const { id } = await sendEmail({ to: "ada@example.com", subject: "Old key", text: "body" });
    await database.db
      .update(outbox)
      .set({ body: sql`'sealed:v1:' || ${Buffer.alloc(40).toString("base64url")}` })
      .where(eq(outbox.id, id));
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });
    expect(row!.lastError).toMatch(/AUTH_SECRET changed/);
    expect(smtp.received).toHaveLength(0);
  });

  it("gives up after the maximum number of attempts", async () => {
    const { id } = await sendEmail({ to: "ada@example.com", subject: "Hopeless", text: "body" });
    await database.db.update(outbox).set({ attempts: MAX_ATTEMPTS }).where(eq(outbox.id, id));
    expect(await deliverPending({ transport: smtpTransport() })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends each message once when several deliverers run at the same time", async () => {
    for (let i = 0; i < 30; i++)
      await sendEmail({ to: `person${i}@example.com`, subject: `Message ${i}`, text: "body" });
    const reports = await Promise.all([1, 2, 3, 4].map(() => deliverPending({ transport: smtpTransport() })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(30);
  });

  it("uses SMTP_URL and MAIL_FROM from the configuration", async () => {
    const config = await import("../config");
    vi.spyOn(config, "getConfig").mockReturnValue(
      config.parseConfig({ NODE_ENV: "test", SMTP_URL: smtp.url, MAIL_FROM: "Happr Support <support@happr.test>" }),
    );
    await sendEmail({ to: "ada@example.com", subject: "Configured", text: "body" });
    expect(await deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toEqual([expect.objectContaining({ from: "support@happr.test", to: ["ada@example.com"] })]);
  });

  it("does nothing without SMTP configured", async () => {
    await sendEmail({ to: "ada@example.com", subject: "Stays queued", text: "body" });
    expect(await deliverPending()).toEqual({ sent: 0, failed: 0 });
    const [row] = await database.db.select().from(outbox);
    expect(row!.attempts).toBe(0);
  });
});

describe("development console", () => {
  it("echoes the recipient, subject and body in development, not otherwise", async () => {
    const { parseConfig } = await import("../config");
    const config = await import("../config");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const spy = vi.spyOn(config, "getConfig");
    spy.mockReturnValue(parseConfig({ NODE_ENV: "development" }));
    await sendEmail({ to: "ada@example.com", subject: "Your sign-in code", text: "Code: 424242" });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![0]).toContain("ada@example.com");
    expect(info.mock.calls[0]![0]).toContain("Your sign-in code");
    expect(info.mock.calls[0]![0]).toContain("Code: 424242");

    info.mockClear();
    spy.mockReturnValue(parseConfig({ NODE_ENV: "test" }));
    await sendEmail({ to: "ada@example.com", subject: "Quiet", text: "body" });
    expect(info).not.toHaveBeenCalled();
  });
});
