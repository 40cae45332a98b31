import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../db/testing";
import { contactMessages, outbox, rateLimitCounters } from "../db/schema";
import * as mail from "../mail";
import { readOutbox } from "../mail";
import { CONTACT_RATE_LIMITED_MESSAGE, sendContactMessage } from ".";

const database = useTestDatabase([contactMessages, outbox, rateLimitCounters]);
beforeEach(() => {
  vi.restoreAllMocks();
});

let addressCounter = 0;
const fresh = () => ({ clientAddress: `192.0.2.${++addressCounter}` });
const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  topic: "Support",
  message: "My calendar does not sync with my phone.",
};

describe("sendContactMessage", () => {
  it("stores the message and queues one email to support, reply-to the sender", async () => {
    const result = await sendContactMessage(
      { ...valid, name: "  Ada Lovelace ", message: "  My calendar does not sync with my phone.\nSecond line. " },
      fresh(),
    );
    expect(result.status).toBe("sent");
    const messages = await database.db.select().from(contactMessages);
    expect(messages).toEqual([
      expect.objectContaining({
        name: "Ada Lovelace",
        email: "ada@example.com",
        topic: "Support",
        message: "My calendar does not sync with my phone.\nSecond line.",
      }),
    ]);
    const mails = await database.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: "email",
      recipient: "support@happr.app",
      replyTo: "ada@example.com",
      sentAt: null,
    });
    expect(mails[0]!.subject).toBe("[Contact: Support] Ada Lovelace");
    const [mail] = await readOutbox(database.db, "support@happr.app");
    expect(mail!.body).toContain("My calendar does not sync with my phone.");
    expect(mail!.body).toContain(messages[0]!.id);
  });

  it("names each invalid field and stores nothing", async () => {
    const result = await sendContactMessage({ name: " ", email: "nope", topic: "Billing", message: "short" }, fresh());
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.fieldErrors.name).toMatch(/name/i);
    expect(result.fieldErrors.email).toMatch(/email/i);
    expect(result.fieldErrors.topic).toMatch(/Topic must be one of General, Support, Privacy, Partnerships, Press/);
    expect(result.fieldErrors.message).toMatch(/Message must be at least 10 characters/);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it("rejects a message over 5000 characters and a name with a line break", async () => {
    const long = await sendContactMessage({ ...valid, message: "x".repeat(5001) }, fresh());
    expect(long).toMatchObject({ status: "invalid", fieldErrors: { message: expect.stringMatching(/at most 5000/) } });
    const header = await sendContactMessage({ ...valid, name: "Ada\r\nBcc: x@example.com" }, fresh());
    expect(header).toMatchObject({ status: "invalid", fieldErrors: { name: expect.stringMatching(/Name/) } });
  });

  it("keeps neither the message nor the email when queuing the email fails", async () => {
    vi.spyOn(mail, "sendEmail").mockRejectedValueOnce(new Error("outbox unavailable"));
    await expect(sendContactMessage(valid, fresh())).rejects.toThrow("outbox unavailable");
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it("rate-limits the 6th message from one address within ten minutes, not another address", async () => {
    const now = new Date("2026-03-01T09:00:00Z");
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await sendContactMessage(valid, { clientAddress: "203.0.113.9", now })).status);
    expect(statuses).toEqual(["sent", "sent", "sent", "sent", "sent", "rate-limited"]);
    expect(await sendContactMessage(valid, { clientAddress: "203.0.113.9", now })).toMatchObject({
      message: CONTACT_RATE_LIMITED_MESSAGE,
    });
    expect((await sendContactMessage(valid, { clientAddress: "203.0.113.10", now })).status).toBe("sent");
    expect(await database.db.select().from(contactMessages)).toHaveLength(6);
    expect(await database.db.select().from(outbox)).toHaveLength(6);
  });
});
