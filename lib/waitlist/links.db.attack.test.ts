/**
 * Attack: someone confirms or removes another person's waitlist entry by forging the link: guessing
 * the entry id, reusing the signature of another entry, or turning a confirm link into a leave link.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../db/testing";
import { outbox, rateLimitCounters, waitlistEntries } from "../db/schema";
import { confirmWaitlistEntry, joinWaitlist, leaveWaitlist } from ".";
import { signWaitlistToken } from "./links";

const database = useTestDatabase([waitlistEntries, outbox, rateLimitCounters]);

async function entryOf(email: string) {
  await joinWaitlist({ email }, { clientAddress: `192.0.2.${email.length}` });
  const [row] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
  return row!;
}

describe("waitlist links cannot be forged", () => {
  it("refuses a bare id, a signature of another entry, a cross-purpose token and junk, changing nothing", async () => {
    const victim = await entryOf("victim@example.com");
    const attacker = await entryOf("attacker@example.com");
    const attackerSignature = signWaitlistToken("confirm", attacker.id).split(".")[1];
    const forged = [
      victim.id,
      `${victim.id}.${attackerSignature}`,
      signWaitlistToken("unsubscribe", victim.id),
      `${victim.id}.`,
      `../${victim.id}.x`,
      "",
      null,
      "x".repeat(5000),
    ];
    for (const token of forged) expect(await confirmWaitlistEntry(token)).toEqual({ status: "invalid" });
    for (const token of [victim.id, `${victim.id}.${attackerSignature}`, signWaitlistToken("confirm", victim.id)]) {
      expect(await leaveWaitlist(token)).toEqual({ status: "invalid" });
    }
    const [row] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, victim.id));
    expect(row).toMatchObject({ email: "victim@example.com", confirmedAt: null });
  });
});
