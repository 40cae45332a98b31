import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { identityPoolMembers } from "../db/schema/identity";
import { loungeMembers, loungeSeats } from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import { memberSettings, outbox } from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { setDiscreetMode, setQuietHours } from "../settings";
import { failure, makeCircle } from "../circles/testing";
import { joinLounge, postToLounge, setChildLounge } from "./store";
import { moderatePost } from "./moderation";
import {
  DISCREET_REPLY_SUBJECT,
  DISCREET_REPLY_TEXT,
  markRepliesSeen,
  REPLY_EMAIL_HOURS,
  REPLY_EMAIL_SUBJECT,
  roomsWithNewReplies,
  setReplyEmails,
} from "./replies";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase([...LOUNGE_TABLES, outbox, identityPoolMembers, memberSettings]);
const noon = new Date("2026-03-11T12:00:00Z");
const options = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const hours = (n: number) => new Date(noon.getTime() + n * 3_600_000);
const join = async (memberId: string, loungeName: string, email?: string) => {
  if (email) await database.db.insert(identityPoolMembers).values({ memberId, email, fetchedAt: new Date() });
  await joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options());
};
const mailTo = (address: string) => readOutbox(database.db, address);

async function thread() {
  const room = await roomId(database.db, "family-life");
  await join("ada", "Sky Blue", "ada@example.com");
  await join("ben", "River Stone", "ben@example.com");
  const post = await postToLounge("ada", { roomId: room, text: "A small win today" }, options());
  return { room, post };
}

describe("reply emails", () => {
  it("are off unless asked for: a reply sends nothing", async () => {
    const { room, post } = await thread();
    await postToLounge("ben", { roomId: room, text: "Well done!", replyTo: post.id }, options());
    expect(await mailTo("ada@example.com")).toEqual([]);
  });

  it("asked for: one email a post per REPLY_EMAIL_HOURS, naming nobody and quoting nothing; not for one's own reply", async () => {
    const { room, post } = await thread();
    await setReplyEmails("ada", { enabled: true }, options());
    await postToLounge("ada", { roomId: room, text: "Thanks all", replyTo: post.id }, options());
    expect(await mailTo("ada@example.com")).toEqual([]);
    await postToLounge("ben", { roomId: room, text: "Well done Sky Blue!", replyTo: post.id }, options(hours(0.1)));
    await join("cy", "Quiet Owl");
    await postToLounge("cy", { roomId: room, text: "Lovely", replyTo: post.id }, options(hours(1)));
    const sent = await mailTo("ada@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(REPLY_EMAIL_SUBJECT);
    expect(sent[0]!.body).toContain("Someone replied to your post in Family Life.");
    expect(sent[0]!.body).not.toMatch(/River Stone|Quiet Owl|Well done|Lovely|small win/);
    // After the window, the next reply sends the next one.
    await postToLounge(
      "ben",
      { roomId: room, text: "Still going?", replyTo: post.id },
      options(hours(REPLY_EMAIL_HOURS + 0.2)),
    );
    expect(await mailTo("ada@example.com")).toHaveLength(2);
    // Turned off: a new post's first reply (which would send one) sends nothing.
    await setReplyEmails("ada", { enabled: false }, options());
    const next = await postToLounge("ada", { roomId: room, text: "Another one" }, options(hours(7)));
    await postToLounge("cy", { roomId: room, text: "Hi", replyTo: next.id }, options(hours(7.5)));
    expect(await mailTo("ada@example.com")).toHaveLength(2);
  });

  it("in discreet mode says neither Lounge nor anything of the post, and waits out quiet hours", async () => {
    const now = new Date(); // the outbox's quiet-hours gate reads the real clock
    let offset = (12 - now.getUTCHours() + 24) % 24;
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    await database.db.insert(memberProfiles).values([
      { memberId: "ada", timezone: zone },
      { memberId: "ben", timezone: zone },
    ]);
    const room = await roomId(database.db, "family-life");
    await join("ada", "Sky Blue", "ada@example.com");
    await join("ben", "River Stone", "ben@example.com");
    const post = await postToLounge("ada", { roomId: room, text: "A small win" }, options(now));
    await setReplyEmails("ada", { enabled: true }, options(now));
    await setDiscreetMode("ada", true, database.db);
    // Local noon and some minutes: quiet until 13:30 local.
    await setQuietHours("ada", { days: [1, 2, 3, 4, 5, 6, 7], from: "11:00", to: "13:30" }, database.db);
    await postToLounge("ben", { roomId: room, text: "Well done", replyTo: post.id }, options(now));
    const [sent] = await mailTo("ada@example.com");
    expect(sent!.subject).toBe(DISCREET_REPLY_SUBJECT);
    expect(sent!.body).toBe(DISCREET_REPLY_TEXT);
    expect(`${sent!.subject} ${sent!.body}`).not.toMatch(/lounge|family life|river stone|well done/i);
    expect(sent!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it("a held reply tells the author only once a moderator lets it through", async () => {
    const { room, post } = await thread();
    await setReplyEmails("ada", { enabled: true }, options());
    const held = await postToLounge(
      "ben",
      { roomId: room, text: "mail me ben@example.com", replyTo: post.id },
      options(),
    );
    expect(held.held).toBe(true);
    expect(await mailTo("ada@example.com")).toEqual([]);
    await moderatePost(
      "mod",
      { postId: held.id, action: "publish", reason: "An address they chose to share" },
      { ...options(), moderators: ["mod"] },
    );
    expect(await mailTo("ada@example.com")).toHaveLength(1);
  });

  it("never go to a child's account: it cannot ask for them, and even a forced setting sends nothing", async () => {
    await makeCircle(database.db, "mum", { kid: "child" });
    await setChildLounge("mum", { childId: "kid", enabled: true }, options());
    await join("kid", "Little Star");
    await database.db
      .insert(identityPoolMembers)
      .values({ memberId: "kid", email: "kid@example.com", fetchedAt: new Date() });
    expect(await failure(setReplyEmails("kid", { enabled: true }, options()))).toMatchObject({
      status: 400,
      field: "replyEmails",
    });
    await database.db.update(loungeMembers).set({ replyEmails: true }).where(eq(loungeMembers.memberId, "kid"));
    await makeCircle(database.db, "dad", { kid2: "child" });
    await setChildLounge("dad", { childId: "kid2", enabled: true }, options());
    await join("kid2", "Moon Pie");
    const room = await roomId(database.db, "kind-corner");
    const post = await postToLounge("kid", { roomId: room, text: "I drew a cat" }, options());
    await postToLounge("kid2", { roomId: room, text: "Nice cat", replyTo: post.id }, options());
    expect(await mailTo("kid@example.com")).toEqual([]);
    // The child learns of it on their Lounge page instead.
    expect(await roomsWithNewReplies("kid", { db: database.db })).toEqual(new Set([room]));
  });

  it("refuses a member without an address, and a bad value, naming replyEmails", async () => {
    await join("noaddress", "Plain Jane");
    expect(await failure(setReplyEmails("noaddress", { enabled: true }, options()))).toMatchObject({
      status: 400,
      field: "replyEmails",
    });
    expect(await failure(setReplyEmails("noaddress", { enabled: "yes" }, options()))).toMatchObject({
      status: 400,
      field: "replyEmails",
    });
  });
});

describe("new replies on /lounge", () => {
  it("marks the room until the author reads their table there; another's reply only", async () => {
    const { room, post } = await thread();
    expect(await roomsWithNewReplies("ada", { db: database.db })).toEqual(new Set());
    await postToLounge("ada", { roomId: room, text: "me again", replyTo: post.id }, options(hours(0.1)));
    expect(await roomsWithNewReplies("ada", { db: database.db })).toEqual(new Set());
    await postToLounge("ben", { roomId: room, text: "Well done", replyTo: post.id }, options(hours(0.2)));
    expect(await roomsWithNewReplies("ada", { db: database.db })).toEqual(new Set([room]));
    expect(await roomsWithNewReplies("ben", { db: database.db })).toEqual(new Set());
    await markRepliesSeen("ada", room, { db: database.db, now: hours(0.3) });
    expect(await roomsWithNewReplies("ada", { db: database.db })).toEqual(new Set());
    // With nothing new, a view writes nothing (every view of the table comes by here).
    const seenAt = () =>
      database.db
        .select({ at: loungeSeats.repliesSeenAt })
        .from(loungeSeats)
        .where(eq(loungeSeats.memberId, "ada"))
        .then((rows) => rows[0]?.at?.getTime());
    const before = await seenAt();
    await markRepliesSeen("ada", room, { db: database.db, now: hours(0.4) });
    expect(await seenAt()).toBe(before);
    await postToLounge("ben", { roomId: room, text: "And again", replyTo: post.id }, options(hours(0.5)));
    await markRepliesSeen("ada", room, { db: database.db, now: hours(0.6) });
    expect(await seenAt()).toBe(hours(0.6).getTime());
  });
});
