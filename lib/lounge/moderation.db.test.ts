import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { identityPoolMembers } from "../db/schema/identity";
import { loungeAppeals, loungeModerationLog, loungePosts, loungeReports } from "../db/schema/lounge";
import { memberSettings } from "../db/schema/settings";
import { outbox } from "../db/schema/site";
import { failure } from "../circles/testing";
import { parseConfig } from "../config";
import { getLoungeTable, joinLounge, postToLounge, reportLoungePost } from "./store";
import { LOUNGE_RULES_VERSION } from "./model";
import { exportLounge, forgetLounge } from "./export";
import {
  addModeratorNote,
  appealModeration,
  decideAppeal,
  getModerationLog,
  getModerationPost,
  getModerationQueue,
  getMonthlyModerationReport,
  getOpenAppeals,
  isLoungeModerator,
  moderatePost,
  moderationReportMonths,
  monthlyModerationCounts,
} from "./moderation";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase([...LOUNGE_TABLES, outbox, identityPoolMembers, memberSettings]);
const noon = new Date("2026-03-11T12:00:00Z");
const at = (minutes: number) => new Date(noon.getTime() + minutes * 60_000);
const MODERATORS = ["mod-1", "Mo@Example.com".toLowerCase()];
const lounge = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const mod = (now = noon) => ({ db: database.db, now, moderators: MODERATORS });
const join = (memberId: string, loungeName: string) =>
  joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, lounge());

async function room() {
  const id = await roomId(database.db, "keeping-going");
  await join("ada", "Sky Blue");
  await join("ben", "Quiet Fox");
  await join("cy", "Green Owl");
  // Seated at one table (a report needs the post at the reporter's table).
  for (const member of ["ada", "ben", "cy"]) await getLoungeTable(member, { roomId: id }, lounge());
  await database.db
    .insert(identityPoolMembers)
    .values({ memberId: "mod-2", email: "mo@example.com", fetchedAt: noon })
    .onConflictDoNothing();
  return id;
}

describe("naming moderators", () => {
  it("reads LOUNGE_MODERATORS as emails or ids, and refuses a typo at start-up", () => {
    expect(parseConfig({ LOUNGE_MODERATORS: " Mo@Example.com, member_7 " }).loungeModerators).toEqual([
      "mo@example.com",
      "member_7",
    ]);
    expect(parseConfig({}).loungeModerators).toEqual([]);
    expect(() => parseConfig({ LOUNGE_MODERATORS: "mo@, x" })).toThrow(/LOUNGE_MODERATORS/);
  });

  it("knows a moderator by id or by their account's email, and nobody when none is named", async () => {
    await room();
    expect(await isLoungeModerator("mod-1", mod())).toBe(true);
    expect(await isLoungeModerator("mod-2", mod())).toBe(true);
    expect(await isLoungeModerator("ada", mod())).toBe(false);
    expect(await isLoungeModerator("mod-1", { db: database.db, moderators: [] })).toBe(false);
  });
});

describe("the queue and actions", () => {
  it("lists held and reported posts oldest first with their reasons and the table's context", async () => {
    const id = await room();
    await postToLounge("ben", { roomId: id, text: "Morning all" }, lounge(at(0)));
    const reported = await postToLounge("ada", { roomId: id, text: "You are all useless" }, lounge(at(1)));
    const held = await postToLounge("cy", { roomId: id, text: "text me on 07700 900 123" }, lounge(at(2)));
    await reportLoungePost("ben", { postId: reported.id, reason: "UNKIND", note: "rude to everyone" }, lounge(at(3)));

    const queue = await getModerationQueue("mod-1", mod(at(4)));
    expect(queue.map((item) => [item.text, item.status, item.holdReasons, item.reports.map((r) => r.note)])).toEqual([
      ["text me on 07700 900 123", "held", ["phone"], []],
      ["You are all useless", "published", [], ["rude to everyone"]],
    ]);
    const detail = await getModerationPost("mod-1", held.id, mod(at(4)));
    expect(detail.context.map((post) => [post.authorName, post.text])).toEqual([
      ["Quiet Fox", "Morning all"],
      ["Sky Blue", "You are all useless"],
    ]);
    expect(detail.post.authorName).toBe("Green Owl");
  });

  it("publishes a held post and removes a reported one, each with a reason in the audit log, and tells the reporter", async () => {
    const id = await room();
    const held = await postToLounge("cy", { roomId: id, text: "my number 07700 900 123 is for the club" }, lounge());
    const reported = await postToLounge("ada", { roomId: id, text: "You are all useless" }, lounge(at(1)));
    await reportLoungePost("ben", { postId: reported.id, reason: "UNKIND" }, lounge(at(2)));
    await database.db
      .insert(identityPoolMembers)
      .values({ memberId: "ben", email: "ben@example.com", fetchedAt: noon });

    await moderatePost("mod-1", { action: "publish", postId: held.id, reason: "A club's public number" }, mod(at(3)));
    await moderatePost("mod-2", { action: "remove", postId: reported.id, reason: "Unkind to the table" }, mod(at(4)));

    expect(
      (await getLoungeTable("ben", { roomId: id }, lounge(at(5)))).posts.map((post) => [post.text, post.removed]),
    ).toEqual([
      [null, true],
      ["my number 07700 900 123 is for the club", false],
    ]);
    expect(await getModerationQueue("mod-1", mod(at(5)))).toEqual([]);
    expect(
      (await getModerationLog("mod-1", mod(at(5)))).map((entry) => [entry.moderatorId, entry.action, entry.reason]),
    ).toEqual([
      ["mod-2", "remove", "Unkind to the table"],
      ["mod-1", "publish", "A club's public number"],
    ]);
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.recipient, "ben@example.com"));
    expect(mail).toMatchObject({ subject: "Your Lounge report was reviewed", memberId: "ben" });
    const [report] = await database.db.select().from(loungeReports);
    expect(report!.resolvedAt).not.toBeNull();
  });

  it("tells a discreet reporter under a neutral subject", async () => {
    const id = await room();
    const post = await postToLounge("ada", { roomId: id, text: "buy my stuff" }, lounge());
    await reportLoungePost("ben", { postId: post.id, reason: "SPAM" }, lounge(at(1)));
    await database.db
      .insert(identityPoolMembers)
      .values({ memberId: "ben", email: "ben@example.com", fetchedAt: noon });
    await database.db.insert(memberSettings).values({ memberId: "ben", discreetMode: true });
    await moderatePost("mod-1", { action: "dismiss", postId: post.id, reason: "Not spam, a question" }, mod(at(2)));
    const [mail] = await database.db.select().from(outbox);
    expect(mail!.subject).toBe("A message from Happr");
  });

  it("requires a reason, naming the field", async () => {
    const id = await room();
    const held = await postToLounge("cy", { roomId: id, text: "call 07700 900 123" }, lounge());
    expect(await failure(moderatePost("mod-1", { action: "publish", postId: held.id }, mod()))).toMatchObject({
      status: 400,
      field: "reason",
    });
    expect(
      await failure(moderatePost("mod-1", { action: "suspend", postId: held.id, reason: "Spam", days: 0 }, mod())),
    ).toMatchObject({ status: 400, field: "days" });
    expect(await database.db.select().from(loungeModerationLog)).toEqual([]);
  });

  it("suspends the author for N days: they cannot post (403 with until), then can again", async () => {
    const id = await room();
    const post = await postToLounge("ada", { roomId: id, text: "You are all useless" }, lounge());
    await moderatePost("mod-1", { action: "warn", postId: post.id, reason: "First warning: be kind" }, mod(at(1)));
    await moderatePost("mod-1", { action: "suspend", postId: post.id, reason: "Again unkind", days: 3 }, mod(at(2)));
    const refused = await failure(postToLounge("ada", { roomId: id, text: "hello?" }, lounge(at(10))));
    expect(refused).toMatchObject({ status: 403 });
    expect(refused!.message).toContain("until 2026-03-14 12:02 UTC");
    expect(await postToLounge("ada", { roomId: id, text: "Sorry all" }, lounge(at(3 * 24 * 60 + 5)))).toMatchObject({
      held: false,
    });
    expect((await getModerationPost("mod-1", post.id, mod(at(10)))).suspendedUntil).toBe("2026-03-14T12:02:00.000Z");
    expect(await getMonthlyModerationReport("mod-1", "2026-03", mod(at(10)))).toMatchObject({
      warnings: 1,
      suspensions: 1,
      removals: 0,
    });
  });

  it("keeps moderators' notes on a member's Lounge name", async () => {
    const id = await room();
    const post = await postToLounge("ada", { roomId: id, text: "hi" }, lounge());
    await addModeratorNote("mod-1", { memberId: "ada", text: "Spoke to her kindly last week" }, mod());
    expect((await getModerationPost("mod-2", post.id, mod())).notes).toMatchObject([
      { moderatorId: "mod-1", text: "Spoke to her kindly last week" },
    ]);
    expect(await failure(addModeratorNote("mod-1", { memberId: "ada", text: " " }, mod()))).toMatchObject({
      status: 400,
      field: "text",
    });
  });
});

describe("appeals", () => {
  it("lets the author appeal once, decided by another moderator; upheld restores the post", async () => {
    const id = await room();
    const post = await postToLounge("ada", { roomId: id, text: "That film was rubbish" }, lounge());
    const { logId } = await moderatePost("mod-1", { action: "remove", postId: post.id, reason: "Unkind" }, mod(at(1)));

    await appealModeration("ada", { logId, text: "It was about a film, not a person" }, mod(at(2)));
    expect(await failure(appealModeration("ada", { logId, text: "Please look again" }, mod(at(3))))).toMatchObject({
      status: 409,
    });
    const [appeal] = await getOpenAppeals("mod-1", mod(at(3)));
    expect(appeal).toMatchObject({ text: "It was about a film, not a person", mayDecide: false });

    expect(
      await failure(decideAppeal("mod-1", { appealId: appeal!.id, decision: "uphold", reason: "Fair" }, mod(at(4)))),
    ).toMatchObject({ status: 403 });
    expect(
      await failure(decideAppeal("mod-2", { appealId: appeal!.id, decision: "uphold" }, mod(at(4)))),
    ).toMatchObject({ status: 400, field: "reason" });
    await decideAppeal("mod-2", { appealId: appeal!.id, decision: "uphold", reason: "About a film" }, mod(at(4)));

    const [restored] = await database.db.select().from(loungePosts).where(eq(loungePosts.id, post.id));
    expect(restored!.status).toBe("published");
    expect(await getOpenAppeals("mod-2", mod(at(5)))).toEqual([]);
    expect((await getModerationLog("mod-2", mod(at(5))))[0]).toMatchObject({
      moderatorId: "mod-2",
      action: "appeal_upheld",
      reason: "About a film",
    });
  });

  it("lifts an upheld suspension; the data download holds the member's appeals, the erasure keeps decisions only", async () => {
    const id = await room();
    const post = await postToLounge("ada", { roomId: id, text: "hm" }, lounge());
    const { logId } = await moderatePost(
      "mod-1",
      { action: "suspend", postId: post.id, reason: "Spam", days: 7 },
      mod(at(1)),
    );
    const { appealId } = await appealModeration("ada", { logId, text: "I posted once" }, mod(at(2)));
    await decideAppeal("mod-2", { appealId, decision: "uphold", reason: "One post is not spam" }, mod(at(3)));
    expect(await postToLounge("ada", { roomId: id, text: "Thank you" }, lounge(at(4)))).toMatchObject({ held: false });

    expect((await exportLounge("ada", { db: database.db })).appeals).toMatchObject([
      { text: "I posted once", status: "upheld" },
    ]);
    await database.db.transaction((tx) => forgetLounge(tx, "ada"));
    expect(await database.db.select().from(loungeAppeals)).toEqual([]);
    const log = await database.db.select().from(loungeModerationLog);
    expect(log.map((entry) => [entry.subjectId, entry.action, entry.reason]).sort()).toEqual([
      ["erased", "appeal_upheld", "One post is not spam"],
      ["erased", "suspend", "Spam"],
    ]);
    // An erased moderator's decisions stay, without their id.
    await database.db.transaction((tx) => forgetLounge(tx, "mod-2"));
    expect((await database.db.select().from(loungeModerationLog)).map((entry) => entry.moderatorId).sort()).toEqual([
      "erased",
      "mod-1",
    ]);
  });
});

describe("the monthly moderation report", () => {
  it("counts a month's holds and reports by reason, decisions, appeals and the median wait, naming nobody", async () => {
    const id = await room();
    const when = (iso: string) => lounge(new Date(iso));
    const by = (iso: string) => mod(new Date(iso));
    // February: one held phone number, decided on the 1st of March (a 4-hour wait, counted in March).
    const february = await postToLounge(
      "ada",
      { roomId: id, text: "ring 07700 900 111" },
      when("2026-02-28T20:00:00Z"),
    );
    await moderatePost(
      "mod-1",
      { action: "publish", postId: february.id, reason: "A shop" },
      by("2026-03-01T00:00:00Z"),
    );
    // March: a phone number published after 30 minutes; an email address warned about after 130.
    const phone = await postToLounge("ada", { roomId: id, text: "call 07700 900 123" }, when("2026-03-11T12:00:00Z"));
    const email = await postToLounge(
      "cy",
      { roomId: id, text: "mail me: cy@example.org" },
      when("2026-03-11T12:00:00Z"),
    );
    expect([phone.holdReasons, email.holdReasons]).toEqual([["phone"], ["email"]]);
    await moderatePost("mod-1", { action: "publish", postId: phone.id, reason: "A club" }, by("2026-03-11T12:30:00Z"));
    await moderatePost(
      "mod-1",
      { action: "warn", postId: email.id, reason: "No addresses" },
      by("2026-03-11T14:10:00Z"),
    );
    await moderatePost(
      "mod-1",
      { action: "remove", postId: email.id, reason: "No addresses" },
      by("2026-03-11T14:11:00Z"),
    );
    // Reported twice from 12:10, removed an hour later; the appeal rejected by the other moderator.
    const spam = await postToLounge("ben", { roomId: id, text: "buy my stuff" }, when("2026-03-11T12:00:00Z"));
    await reportLoungePost("ada", { postId: spam.id, reason: "SPAM" }, when("2026-03-11T12:10:00Z"));
    await reportLoungePost("cy", { postId: spam.id, reason: "UNKIND", note: "rude" }, when("2026-03-11T12:20:00Z"));
    const { logId } = await moderatePost(
      "mod-1",
      { action: "remove", postId: spam.id, reason: "Selling" },
      by("2026-03-11T13:10:00Z"),
    );
    const { appealId } = await appealModeration("ben", { logId, text: "Just sharing" }, by("2026-03-12T09:00:00Z"));
    await decideAppeal("mod-2", { appealId, decision: "reject", reason: "Selling" }, by("2026-03-12T10:00:00Z"));
    // April: a suspension for the March post (its first decision was in March: no wait counted).
    await moderatePost(
      "mod-2",
      { action: "suspend", postId: spam.id, reason: "Selling again", days: 2 },
      by("2026-04-02T10:00:00Z"),
    );

    const march = await monthlyModerationCounts("2026-03", { db: database.db });
    expect(march).toEqual({
      month: "2026-03",
      holds: 2,
      holdsByReason: { phone: 1, email: 1, link: 0, words: 0, image: 0 },
      reports: 2,
      reportsByReason: { UNSAFE: 0, PERSONAL_DETAILS: 0, UNKIND: 1, SPAM: 1, OTHER: 0 },
      published: 2,
      removals: 2,
      dismissals: 0,
      warnings: 1,
      suspensions: 0,
      appeals: 1,
      appealsUpheld: 0,
      appealsRejected: 1,
      // Waits of 240, 30, 130 and 60 minutes.
      medianMinutesToDecision: 95,
    });
    expect(await monthlyModerationCounts("2026-02", { db: database.db })).toMatchObject({
      holds: 1,
      holdsByReason: { phone: 1 },
      published: 0,
      medianMinutesToDecision: null,
    });
    expect(await monthlyModerationCounts("2026-04", { db: database.db })).toMatchObject({
      holds: 0,
      suspensions: 1,
      removals: 0,
      medianMinutesToDecision: null,
    });
    // Nobody and nothing said: no member id, Lounge name, post text, note or moderator's reason.
    const words = JSON.stringify(march);
    for (const secret of ["ada", "ben", "mod-1", "Sky Blue", "07700", "buy my", "rude", "Selling", "Just sharing"])
      expect(words).not.toContain(secret);
    expect(await failure(monthlyModerationCounts("2026-13", { db: database.db }))).toMatchObject({
      status: 400,
      field: "month",
    });
    expect(await moderationReportMonths({ db: database.db, now: new Date("2026-04-20T00:00:00Z") })).toEqual([
      "2026-04",
      "2026-03",
      "2026-02",
    ]);
  });

  it("offers every month from the first post, even one still held and never decided", async () => {
    const id = await room();
    const held = await postToLounge(
      "ada",
      { roomId: id, text: "ring 07700 900 111" },
      lounge(new Date("2025-12-30T20:00:00Z")),
    );
    expect(held.holdReasons).toEqual(["phone"]);
    expect(await moderationReportMonths({ db: database.db, now: new Date("2026-02-01T00:00:00Z") })).toEqual([
      "2026-02",
      "2026-01",
      "2025-12",
    ]);
  });

  it("offers the current month alone before anything happened", async () => {
    expect(await moderationReportMonths({ db: database.db, now: new Date("2026-05-31T23:59:00Z") })).toEqual([
      "2026-05",
    ]);
  });
});
