import type { Transporter } from "nodemailer";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { signUp } from "../identity/builtin/accounts";
import { useMemberTestDatabase } from "../identity/builtin/testing";
import { deliverPending, sendEmail } from ".";

/**
 * Attack: a member's reminders (thousands of events naming themselves, or a day of habits) fill the
 * outbox so that someone's sign-in, confirmation or reset code waits behind them and expires. Codes
 * and notices are delivered before reminders and summaries, whatever was queued first.
 */
let db: Db;
useMemberTestDatabase((opened) => (db = opened));

/** A transport that records the order in which messages leave. */
function recordingTransport() {
  const sent: string[] = [];
  const transport = {
    sendMail: async (message: { to: string }) => {
      sent.push(message.to);
      return { messageId: String(sent.length) };
    },
  } as unknown as Transporter;
  return { sent, transport };
}

describe("codes first", () => {
  it("a sign-in code queued after 2,000 reminders is the first message delivered", async () => {
    await db.transaction(async (tx) => {
      for (let index = 0; index < 2000; index += 1)
        await sendEmail(
          {
            to: `attendee${index % 50}@example.com`,
            subject: `Reminder: Event ${index}`,
            text: "A reminder you set for today.",
            memberId: "flooding-member",
            // A reminder outside quiet hours: it may go now, after the codes.
            holdUntil: new Date(),
          },
          tx,
        );
    });
    // The confirmation code of someone signing up now, queued by the identity service itself.
    await signUp(
      { email: "newcomer@example.com", password: "Moonlit-River-77?", givenName: "New", familyName: "Comer" },
      { mfa: "optional", clientAddress: "203.0.113.9" },
    );
    const { sent, transport } = recordingTransport();
    expect(await deliverPending({ db, transport })).toEqual({ sent: 2001, failed: 0 });
    expect(sent[0]).toBe("newcomer@example.com");
    expect(sent.filter((to) => to === "newcomer@example.com")).toHaveLength(1);
  }, 180_000);
});
