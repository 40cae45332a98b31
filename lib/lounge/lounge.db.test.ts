import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { loungeReports, loungeSeats } from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import { failure, makeCircle } from "../circles/testing";
import { cheerLoungePost, getLoungeRooms, getLoungeTable, joinLounge, postToLounge, reportLoungePost } from "./store";
import { LOUNGE_RULES_VERSION } from "./model";
import { exportLounge, forgetLounge } from "./export";
import { moderatePost } from "./moderation";
import { loungeMembers, loungePosts } from "../db/schema/lounge";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const at = (minutes: number) => new Date(noon.getTime() + minutes * 60_000);
const options = (now = noon, publish = recordedEvents().publish) => ({ db: database.db, now, publish });
const join = (memberId: string, loungeName: string) =>
  joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options());
const texts = async (memberId: string, room: string, now = noon) =>
  (await getLoungeTable(memberId, { roomId: room }, options(now))).posts.map((post) => post.text);

describe("joining", () => {
  it("takes a pseudonym that is unique, and never the member's real or circle name", async () => {
    const db = database.db;
    await db.insert(memberProfiles).values({ memberId: "ada", firstName: "Ada", lastName: "Lovelace" });
    await makeCircle(db, "ben", { ada: { role: "member", name: "Auntie Ada" } });
    const refuse = (loungeName: string, name: string | null = "Ada Lovelace") =>
      failure(joinLounge({ memberId: "ada", name }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options()));
    expect(await refuse("Lovelace")).toMatchObject({ status: 400, field: "loungeName" });
    expect(await refuse("ada_lovelace")).toMatchObject({ status: 400, field: "loungeName" });
    expect(await refuse("Auntie Ada")).toMatchObject({ status: 400, field: "loungeName" });
    expect(await refuse("call 07700900123")).toMatchObject({ status: 400, field: "loungeName" });
    expect(await refuse("ok")).toMatchObject({ status: 400, field: "loungeName" });
    expect(
      await failure(
        joinLounge({ memberId: "ada", name: null }, { loungeName: "Sky Blue", rulesVersion: 0 }, options()),
      ),
    ).toMatchObject({ status: 409, field: "rulesVersion" });

    expect((await getLoungeRooms("ada", options())).joined).toBe(false);
    expect(await join("ada", "Sky Blue")).toEqual({ loungeName: "Sky Blue" });
    expect(await failure(join("ben", "skyblue"))).toMatchObject({
      status: 409,
      message: "That Lounge name is taken: choose another.",
    });
    const rooms = await getLoungeRooms("ada", options());
    expect(rooms).toMatchObject({
      joined: true,
      loungeName: "Sky Blue",
      rulesVersion: LOUNGE_RULES_VERSION,
      notice: null,
    });
    expect(rooms.rooms.map((room) => [room.name, room.ageBand, room.open])).toEqual([
      ["Morning Routines", "adult", true],
      ["Keeping Going", "adult", true],
      ["Family Life", "adult", true],
    ]);
  });

  it("asks for the house rules before reading a table", async () => {
    const room = await roomId(database.db, "family-life");
    expect(await failure(getLoungeTable("ada", { roomId: room }, options()))).toMatchObject({ status: 403 });
  });
});

describe("tables", () => {
  it("seats a member at one table per room on first entry, and a full table opens the next", async () => {
    const room = await roomId(database.db, "family-life"); // ten seats a table
    const people = Array.from({ length: 11 }, (_, index) => `member-${index}`);
    for (const person of people) await join(person, `Walker ${person.slice(-2)}`);
    const tables = [];
    for (const person of people) tables.push((await getLoungeTable(person, { roomId: room }, options())).tableId);
    expect(new Set(tables.slice(0, 10)).size).toBe(1);
    expect(tables[10]).not.toBe(tables[0]);
    // Seated once: a second visit keeps the table.
    expect((await getLoungeTable("member-10", { roomId: room }, options())).tableId).toBe(tables[10]);
    expect(await database.db.select().from(loungeSeats).where(eq(loungeSeats.memberId, "member-0"))).toHaveLength(1);

    await postToLounge("member-0", { roomId: room, text: "Table one says hello" }, options());
    expect(await texts("member-9", room)).toEqual(["Table one says hello"]);
    expect(await texts("member-10", room)).toEqual([]);
  });
});

describe("posts", () => {
  it("publishes, replies one level deep, and announces ids only on the table's channel", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await join("ben", "Quiet Fox");
    const live = recordedEvents();
    const first = await postToLounge("ada", { roomId: room, text: "Day 3 of the walk" }, options(noon, live.publish));
    expect(first).toMatchObject({ authorName: "Sky Blue", mine: true, held: false, text: "Day 3 of the walk" });
    const reply = await postToLounge(
      "ben",
      { roomId: room, text: "Keep it up", replyTo: first.id },
      options(at(1), live.publish),
    );
    expect(reply.replyTo).toBe(first.id);
    expect(
      await failure(postToLounge("ada", { roomId: room, text: "Thanks", replyTo: reply.id }, options(at(2)))),
    ).toMatchObject({ status: 400, field: "replyTo" });
    const table = await getLoungeTable("ada", { roomId: room }, options(at(2)));
    expect(table.posts.map((post) => [post.authorName, post.text, post.mine])).toEqual([
      ["Quiet Fox", "Keep it up", false],
      ["Sky Blue", "Day 3 of the walk", true],
    ]);
    expect(live.events).toEqual([
      { channel: `lounge-table:${table.tableId}`, event: { kind: "post.published", ids: { postId: first.id } } },
      { channel: `lounge-table:${table.tableId}`, event: { kind: "post.published", ids: { postId: reply.id } } },
    ]);
    expect(await failure(postToLounge("ada", { roomId: room, text: "  " }, options(at(3))))).toMatchObject({
      status: 400,
      field: "text",
    });
    expect(await failure(postToLounge("ada", { roomId: room, text: "x".repeat(501) }, options(at(3))))).toMatchObject({
      status: 400,
      field: "text",
    });
  });

  it("holds contact details, outside links and listed words; the author sees it held, a moderator's approval publishes it", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await join("ben", "Quiet Fox");
    const live = recordedEvents();
    const cases: [string, string[]][] = [
      ["text me on 07700 900 123", ["phone"]],
      ["write to sky (at) example dot com", ["email"]],
      ["look at bit.ly/abc", ["link"]],
      ["you are such a l0ser", ["words"]],
      ["the NHS page helped: https://www.nhs.uk/live-well/", []],
    ];
    for (const [index, [text, reasons]] of cases.entries()) {
      const post = await postToLounge("ada", { roomId: room, text }, options(at(index * 2), live.publish));
      expect([text, post.held, post.holdReasons]).toEqual([text, reasons.length > 0, reasons]);
    }
    expect(live.events).toHaveLength(1);
    const mine = await getLoungeTable("ada", { roomId: room }, options(at(10)));
    expect(mine.posts.filter((post) => post.held)).toHaveLength(4);
    expect(await texts("ben", room, at(10))).toEqual(["the NHS page helped: https://www.nhs.uk/live-well/"]);

    const held = mine.posts.find((post) => post.holdReasons.includes("phone"))!;
    expect(
      await failure(
        moderatePost(
          "ben",
          { postId: held.id, action: "publish", reason: "Fine" },
          { ...options(), moderators: ["mod"] },
        ),
      ),
    ).toMatchObject({ status: 404 });
    await moderatePost(
      "mod",
      { postId: held.id, action: "publish", reason: "A club's public number" },
      { ...options(at(11), live.publish), moderators: ["mod"] },
    );
    expect(await texts("ben", room, at(12))).toContain("text me on 07700 900 123");
    expect(live.events.at(-1)).toEqual({
      channel: `lounge-table:${mine.tableId}`,
      event: { kind: "post.published", ids: { postId: held.id } },
    });
  });

  it("cheers reach the author alone, as a yes, never a count", async () => {
    const room = await roomId(database.db, "keeping-going");
    for (const [who, name] of [
      ["ada", "Sky Blue"],
      ["ben", "Quiet Fox"],
      ["cy", "Green Hill"],
    ])
      await join(who!, name!);
    const post = await postToLounge("ada", { roomId: room, text: "Ran 5k" }, options());
    expect((await getLoungeTable("ada", { roomId: room }, options())).posts[0]!.cheered).toBe(false);
    await getLoungeTable("ben", { roomId: room }, options());
    await getLoungeTable("cy", { roomId: room }, options());
    await cheerLoungePost("ben", post.id, options());
    await cheerLoungePost("ben", post.id, options());
    await cheerLoungePost("cy", post.id, options());
    expect((await getLoungeTable("ada", { roomId: room }, options())).posts[0]).toMatchObject({ cheered: true });
    expect((await getLoungeTable("ben", { roomId: room }, options())).posts[0]).toMatchObject({ cheered: false });
    expect(await failure(cheerLoungePost("ada", post.id, options()))).toMatchObject({ status: 400 });
  });

  it("reports take a fixed reason and a note, safety first in the queue, at any hour", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await join("ben", "Quiet Fox");
    await join("cy", "Green Hill");
    const post = await postToLounge("ada", { roomId: room, text: "Something odd" }, options());
    await getLoungeTable("ben", { roomId: room }, options());
    await getLoungeTable("cy", { roomId: room }, options());
    await reportLoungePost("ben", { postId: post.id, reason: "SPAM" }, options());
    // 23:30 UTC: the room is closed, the report is still taken.
    await reportLoungePost(
      "cy",
      { postId: post.id, reason: "UNSAFE", note: "Asked where I live" },
      options(new Date("2026-03-11T23:30:00Z")),
    );
    expect(await failure(reportLoungePost("ben", { postId: post.id, reason: "RUDE" }, options()))).toMatchObject({
      status: 400,
      field: "reason",
    });
    const queue = await database.db
      .select()
      .from(loungeReports)
      .orderBy(loungeReports.priority, loungeReports.createdAt);
    expect(queue.map((report) => [report.reporterId, report.reason, report.note])).toEqual([
      ["cy", "UNSAFE", "Asked where I live"],
      ["ben", "SPAM", null],
    ]);
  });
});

describe("pace", () => {
  it("pages back through a table: limit posts at a time, each page older than `before`", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await join("ben", "Quiet Fox");
    for (let minute = 0; minute < 5; minute++)
      await postToLounge(minute % 2 ? "ben" : "ada", { roomId: room, text: `Post ${minute}` }, options(at(minute * 2)));
    const page = (args: { before?: number; limit?: number }) =>
      getLoungeTable("ada", { roomId: room, ...args }, options(at(20)));
    const newest = await page({ limit: 2 });
    expect(newest.posts.map((post) => post.text)).toEqual(["Post 4", "Post 3"]);
    const second = await page({ limit: 2, before: newest.posts.at(-1)!.createdAt });
    expect(second.posts.map((post) => post.text)).toEqual(["Post 2", "Post 1"]);
    expect((await page({ before: second.posts.at(-1)!.createdAt })).posts.map((post) => post.text)).toEqual(["Post 0"]);
    expect((await page({})).posts).toHaveLength(5);
    expect(await failure(page({ limit: 101 }))).toMatchObject({ status: 400, field: "limit" });
    // A newcomer's first read seats them at that table and shows its posts in the same answer.
    await join("cy", "New Leaf");
    const first = await getLoungeTable("cy", { roomId: room, limit: 3 }, options(at(20)));
    expect(first.posts.map((post) => [post.text, post.mine])).toEqual([
      ["Post 4", false],
      ["Post 3", false],
      ["Post 2", false],
    ]);
  });

  it("slow mode turns on when a table heats up, with its reason in the room's data", async () => {
    const room = await roomId(database.db, "keeping-going");
    const people = ["p1", "p2", "p3", "p4", "p5", "p6"];
    for (const person of people) await join(person, `Pacer ${person}`);
    for (const [index, person] of people.entries())
      await postToLounge(
        person,
        { roomId: room, text: `Quick one ${index}` },
        options(new Date(noon.getTime() + index * 5000)),
      );
    const rooms = await getLoungeRooms("p1", options(at(1)));
    const slow = rooms.rooms.find((entry) => entry.id === room)!.slowMode;
    expect(slow).toMatchObject({ seconds: 60 });
    expect(slow!.reason).toMatch(/6 posts in one minute/);
    expect(
      await failure(
        postToLounge("p6", { roomId: room, text: "And again" }, options(new Date(noon.getTime() + 40_000))),
      ),
    ).toMatchObject({
      status: 429,
    });
    await postToLounge("p6", { roomId: room, text: "After a minute" }, options(new Date(noon.getTime() + 90_000)));
    expect((await getLoungeRooms("p1", options(at(20)))).rooms.find((entry) => entry.id === room)!.slowMode).toBeNull();
  });

  it("closes rooms at night by the member's own clock, with a clear message", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await database.db.insert(memberProfiles).values({ memberId: "ada", timezone: "Asia/Tokyo" });
    // 15:00 UTC is midnight in Tokyo: closed until 06:00 there (21:00 UTC).
    const late = new Date("2026-03-11T15:00:00Z");
    const listed = (await getLoungeRooms("ada", options(late))).rooms.find((entry) => entry.id === room)!;
    expect(listed).toMatchObject({ open: false, opensAt: Date.UTC(2026, 2, 11, 21) / 1000 });
    expect(await failure(getLoungeTable("ada", { roomId: room }, options(late)))).toEqual({
      status: 403,
      field: "roomId",
      message: "Keeping Going is closed for the night: it opens at 06:00 and closes at 23:00, your time.",
    });
    expect(await failure(postToLounge("ada", { roomId: room, text: "hello" }, options(late)))).toMatchObject({
      status: 403,
    });
    expect((await getLoungeTable("ada", { roomId: room }, options(new Date("2026-03-11T22:00:00Z")))).posts).toEqual(
      [],
    );
  });
});

describe("removal, the data download and the erasure", () => {
  it("a removed post keeps its place empty; the download lists the member's posts; the erasure removes them", async () => {
    const room = await roomId(database.db, "keeping-going");
    await join("ada", "Sky Blue");
    await join("ben", "Quiet Fox");
    const held = await postToLounge("ada", { roomId: room, text: "see bit.ly/x" }, options());
    await postToLounge("ben", { roomId: room, text: "Morning all" }, options(at(1)));
    const live = recordedEvents();
    await moderatePost(
      "mod",
      { postId: held.id, action: "remove", reason: "An outside link" },
      { ...options(at(2), live.publish), moderators: ["mod"] },
    );
    expect(live.events.map((sent) => sent.event)).toEqual([{ kind: "post.removed", ids: { postId: held.id } }]);
    expect((await getLoungeTable("ben", { roomId: room }, options(at(3)))).posts).toEqual([
      expect.objectContaining({ text: "Morning all" }),
      expect.objectContaining({ id: held.id, text: null, removed: true, held: false }),
    ]);
    // Decided once: a second decision finds no held post.
    expect(
      await failure(
        moderatePost(
          "mod",
          { postId: held.id, action: "publish", reason: "Fine" },
          { ...options(), moderators: ["mod"] },
        ),
      ),
    ).toMatchObject({ status: 409 });

    const download = await exportLounge("ada", { db: database.db });
    expect(download).toMatchObject({
      loungeName: "Sky Blue",
      posts: [{ text: "see bit.ly/x", status: "removed", holdReasons: ["link"] }],
    });
    await database.db.transaction((tx) => forgetLounge(tx, "ada"));
    expect(await database.db.select().from(loungePosts).where(eq(loungePosts.authorId, "ada"))).toEqual([]);
    expect(await database.db.select().from(loungeMembers).where(eq(loungeMembers.memberId, "ada"))).toEqual([]);
    expect(await texts("ben", room, at(4))).toEqual(["Morning all"]);
    // The name is free again.
    await join("cy", "Sky Blue");
  });
});
