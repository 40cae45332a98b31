import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { loungeModerationLog } from "../db/schema/lounge";
import { failure } from "../circles/testing";
import { getLoungeTable, joinLounge, postToLounge } from "./store";
import { LOUNGE_RULES_VERSION } from "./model";
import * as moderation from "./moderation";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const lounge = () => ({ db: database.db, now: noon, publish: recordedEvents().publish });
const named = () => ({ db: database.db, now: noon, moderators: ["mod-1", "mod-2"] });

async function setUp() {
  const id = await roomId(database.db, "keeping-going");
  for (const [member, name] of [
    ["ada", "Sky Blue"],
    ["ben", "Quiet Fox"],
  ] as const) {
    await joinLounge(
      { memberId: member, name: null },
      { loungeName: name, rulesVersion: LOUNGE_RULES_VERSION },
      lounge(),
    );
    await getLoungeTable(member, { roomId: id }, lounge());
  }
  const post = await postToLounge("ada", { roomId: id, text: "call me 07700 900 123" }, lounge());
  return post.id;
}

describe("a member not named a moderator", () => {
  it("gets 404 from every moderation operation, and changes nothing", async () => {
    const postId = await setUp();
    const { logId } = await moderation.moderatePost(
      "mod-1",
      { action: "remove", postId, reason: "Contact details" },
      named(),
    );
    const { appealId } = await moderation.appealModeration("ada", { logId, text: "It was a joke" }, named());
    const calls = [
      () => moderation.getModerationQueue("ben", named()),
      () => moderation.getModerationPost("ben", postId, named()),
      () => moderation.moderatePost("ben", { action: "publish", postId, reason: "ok" }, named()),
      () => moderation.moderatePost("ben", { action: "suspend", postId, reason: "bad", days: 365 }, named()),
      () => moderation.addModeratorNote("ben", { memberId: "ada", text: "x" }, named()),
      () => moderation.getModerationLog("ben", named()),
      () => moderation.getOpenAppeals("ben", named()),
      () => moderation.decideAppeal("ben", { appealId, decision: "uphold", reason: "fine by me" }, named()),
      () => moderation.getMonthlyModerationReport("ben", "2026-03", named()),
      // The author of the post, too, and anyone when the operator named nobody.
      () => moderation.decideAppeal("ada", { appealId, decision: "uphold", reason: "mine" }, named()),
      () => moderation.getModerationQueue("mod-1", { db: database.db, moderators: [] }),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ status: 404 });
    expect(await database.db.select().from(loungeModerationLog)).toHaveLength(1);
  });
});

describe("appeals", () => {
  it("refuses the moderator who acted, a stranger's appeal, and an appeal of a warning", async () => {
    const postId = await setUp();
    const { logId } = await moderation.moderatePost(
      "mod-1",
      { action: "remove", postId, reason: "Contact details" },
      named(),
    );
    expect(await failure(moderation.appealModeration("ben", { logId, text: "Let her post" }, named()))).toMatchObject({
      status: 404,
      field: "logId",
    });
    const { appealId } = await moderation.appealModeration("ada", { logId, text: "It was a joke" }, named());
    expect(
      await failure(
        moderation.decideAppeal("mod-1", { appealId, decision: "reject", reason: "I stand by it" }, named()),
      ),
    ).toMatchObject({ status: 403, field: "appealId" });
    await moderation.decideAppeal(
      "mod-2",
      { appealId, decision: "reject", reason: "A phone number stays out" },
      named(),
    );
    expect(
      await failure(
        moderation.decideAppeal("mod-2", { appealId, decision: "uphold", reason: "Changed my mind" }, named()),
      ),
    ).toMatchObject({ status: 409 });

    const warn = await moderation.moderatePost("mod-1", { action: "warn", postId, reason: "Be careful" }, named());
    expect(
      await failure(moderation.appealModeration("ada", { logId: warn.logId, text: "Unfair" }, named())),
    ).toMatchObject({ status: 404 });
  });
});

describe("the audit log", () => {
  it("is not editable through any operation: entries stay as written after every later action", async () => {
    const postId = await setUp();
    const { logId } = await moderation.moderatePost(
      "mod-1",
      { action: "remove", postId, reason: "Contact details" },
      named(),
    );
    const before = await database.db.select().from(loungeModerationLog);
    // Every write the moderation module offers, including on the same post and entry.
    const { appealId } = await moderation.appealModeration("ada", { logId, text: "It was a joke" }, named());
    await moderation.decideAppeal("mod-2", { appealId, decision: "uphold", reason: "A club's number" }, named());
    await moderation.moderatePost("mod-2", { action: "warn", postId, reason: "Still, careful" }, named());
    await moderation.addModeratorNote("mod-2", { memberId: "ada", text: "Means well" }, named());
    const after = await database.db.select().from(loungeModerationLog);
    expect(after).toHaveLength(3);
    expect(after.filter((entry) => entry.id === logId)).toEqual(before);
    // No exported function of the module edits or deletes entries outside an erasure.
    expect(Object.keys(moderation).filter((name) => /^(edit|update|delete|remove)/i.test(name))).toEqual([]);
  });

  it("refuses an unknown action and a suspension over the limit, naming the field", async () => {
    const postId = await setUp();
    expect(
      await failure(moderation.moderatePost("mod-1", { action: "ban", postId, reason: "Nope" }, named())),
    ).toMatchObject({ status: 400, field: "action" });
    expect(
      await failure(
        moderation.moderatePost("mod-1", { action: "suspend", postId, reason: "Nope", days: 9999 }, named()),
      ),
    ).toMatchObject({ status: 400, field: "days" });
    expect(
      await failure(
        moderation.moderatePost("mod-1", { action: "publish", postId: "not-a-post", reason: "ok ok" }, named()),
      ),
    ).toMatchObject({ status: 400, field: "postId" });
  });
});
