/**
 * The waitlist as a mailing list: joining sends a confirmation email with a signed link (double
 * opt-in), only confirmed entries are exported, and every email lets the person leave.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { outbox, rateLimitCounters, waitlistEntries } from "../db/schema";
import { readOutbox } from "../mail";
import { listWaitlist } from "./export";
import { POST as oneClickUnsubscribe } from "@/app/api/waitlist/unsubscribe/route";
import { CONFIRMATION_SUBJECT, confirmWaitlistEntry, joinWaitlist, leaveWaitlist } from ".";

const database = useTestDatabase([waitlistEntries, outbox, rateLimitCounters]);

let address = 0;
const fresh = () => ({ clientAddress: `203.0.113.${++address}` });

/** The confirmation email to `email`, with its links. */
async function confirmationTo(email: string) {
  const messages = await readOutbox(database.db, email);
  expect(messages).toHaveLength(1);
  const [message] = messages as [(typeof messages)[number]];
  const token = (path: string) =>
    new URL(new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(message.body)![0]).searchParams.get("token")!;
  return { message, confirmToken: token("/waitlist/confirm"), leaveToken: token("/waitlist/leave") };
}

describe("double opt-in", () => {
  it("joining queues one confirmation email with a confirm link, a leave link and a one-click unsubscribe URL", async () => {
    await joinWaitlist({ email: "ada@example.com", firstName: "Ada" }, fresh());
    const { message, confirmToken, leaveToken } = await confirmationTo("ada@example.com");
    expect(message.subject).toBe(CONFIRMATION_SUBJECT);
    expect(message.body).toMatch(/^Hi Ada,/);
    expect(confirmToken).not.toBe(leaveToken);
    const [row] = await database.db.select().from(outbox);
    expect(row!.listUnsubscribe).toMatch(/\/api\/waitlist\/unsubscribe\?token=/);
  });

  it("joining again sends nothing more", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    expect((await joinWaitlist({ email: "ADA@example.com" }, fresh())).status).toBe("already-joined");
    expect(await database.db.select().from(outbox)).toHaveLength(1);
  });

  it("an entry is exported only once its link is opened and confirmed", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    await joinWaitlist({ email: "grace@example.com" }, fresh());
    expect(await listWaitlist(database.db)).toEqual([]);

    const { confirmToken } = await confirmationTo("ada@example.com");
    expect(await confirmWaitlistEntry(confirmToken, new Date("2026-02-01T00:00:00Z"))).toEqual({ status: "confirmed" });
    expect(await confirmWaitlistEntry(confirmToken)).toEqual({ status: "already-confirmed" });

    expect(await listWaitlist(database.db)).toEqual([
      expect.objectContaining({ email: "ada@example.com", confirmedAt: new Date("2026-02-01T00:00:00Z") }),
    ]);
    const all = await listWaitlist(database.db, { includeUnconfirmed: true });
    expect(all.map((row) => [row.email, row.confirmedAt !== null])).toEqual([
      ["ada@example.com", true],
      ["grace@example.com", false],
    ]);
  });

  it("the leave link deletes the entry; its confirm link then says the address is gone", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    const { confirmToken, leaveToken } = await confirmationTo("ada@example.com");
    expect(await leaveWaitlist(leaveToken)).toEqual({ status: "left" });
    expect(await database.db.select().from(waitlistEntries)).toEqual([]);
    expect(await leaveWaitlist(leaveToken)).toEqual({ status: "left" });
    expect(await confirmWaitlistEntry(confirmToken)).toEqual({ status: "gone" });
  });
});

describe("POST /api/waitlist/unsubscribe (RFC 8058 one-click)", () => {
  const post = (url: string, body: string) =>
    oneClickUnsubscribe(
      new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }),
    );

  it("deletes the entry named by the signed URL when the body is List-Unsubscribe=One-Click", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    const [row] = await database.db.select().from(outbox);
    expect((await post(row!.listUnsubscribe!, "foo=bar")).status).toBe(400);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(1);
    expect((await post(row!.listUnsubscribe!, "List-Unsubscribe=One-Click")).status).toBe(200);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(0);
  });

  it("404 for a token that is not signed for unsubscribing", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    const { confirmToken } = await confirmationTo("ada@example.com");
    const response = await post(
      `http://localhost/api/waitlist/unsubscribe?token=${encodeURIComponent(confirmToken)}`,
      "List-Unsubscribe=One-Click",
    );
    expect(response.status).toBe(404);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(1);
  });
});
