import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { loungeCheers, loungePosts, loungeReports } from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import { failure, makeCircle } from "../circles/testing";
import {
  cheerLoungePost,
  confirmTeenBand,
  getLoungeRooms,
  getLoungeTable,
  joinLounge,
  loungeTableChannel,
  postToLounge,
  reportLoungePost,
  setChildLounge,
} from "./store";
import { CARER_SWITCH_OFF, TEEN_NOT_CONFIRMED } from "./access";
import { DAILY_POST_LIMIT, LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const options = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const join = (memberId: string, loungeName: string) =>
  joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options());
const notFound = { status: 404 };

/** Fills the family room's first table (ten seats), so the next member sits at another table. */
async function twoTables() {
  const room = await roomId(database.db, "family-life");
  const first = Array.from({ length: 10 }, (_, index) => `seat-${index}`);
  for (const person of first) {
    await join(person, `Seated ${person.slice(-1)}x`);
    await getLoungeTable(person, { roomId: room }, options());
  }
  await join("stranger", "Far Table");
  await getLoungeTable("stranger", { roomId: room }, options());
  return { room, insider: first[0]!, neighbour: first[1]! };
}

describe("a stranger at another table", () => {
  it("reads, cheers, reports and replies to nothing of it: 404 as for a post that does not exist", async () => {
    const { room, insider } = await twoTables();
    const post = await postToLounge(insider, { roomId: room, text: "Only for my table" }, options());
    expect((await getLoungeTable("stranger", { roomId: room }, options())).posts).toEqual([]);
    expect(await failure(cheerLoungePost("stranger", post.id, options()))).toMatchObject(notFound);
    expect(await failure(reportLoungePost("stranger", { postId: post.id, reason: "SPAM" }, options()))).toMatchObject(
      notFound,
    );
    expect(
      await failure(postToLounge("stranger", { roomId: room, text: "hi", replyTo: post.id }, options())),
    ).toMatchObject({ ...notFound, field: "replyTo" });
    expect(await failure(cheerLoungePost("stranger", "not-a-uuid", options()))).toMatchObject(notFound);
    // Its live channel is the stranger's own table's, never the insider's.
    expect(await loungeTableChannel("stranger", room, options())).not.toBe(
      await loungeTableChannel(insider, room, options()),
    );
    expect(await database.db.select().from(loungeCheers)).toEqual([]);
    expect(await database.db.select().from(loungeReports)).toEqual([]);
  });

  it("a held post is seen by its author alone, and nobody can cheer, report or reply to it", async () => {
    const { room, insider, neighbour } = await twoTables();
    const held = await postToLounge(insider, { roomId: room, text: "ring me 07700 900 123" }, options());
    expect(held.held).toBe(true);
    expect((await getLoungeTable(insider, { roomId: room }, options())).posts).toEqual([
      expect.objectContaining({ id: held.id, held: true, holdReasons: ["phone"], text: "ring me 07700 900 123" }),
    ]);
    expect((await getLoungeTable(neighbour, { roomId: room }, options())).posts).toEqual([]);
    expect(await failure(cheerLoungePost(neighbour, held.id, options()))).toMatchObject(notFound);
    expect(await failure(reportLoungePost(neighbour, { postId: held.id, reason: "SPAM" }, options()))).toMatchObject(
      notFound,
    );
    expect(
      await failure(postToLounge(neighbour, { roomId: room, text: "ok", replyTo: held.id }, options())),
    ).toMatchObject(notFound);
  });
});

describe("age bands and carers", () => {
  it("a child sees no room until a carer turns the Lounge on, then the under-13 rooms only", async () => {
    const db = database.db;
    await makeCircle(db, "mum", { kid: "child", gran: "guardian", ben: "member" });
    expect(await getLoungeRooms("kid", options())).toMatchObject({ rooms: [], notice: CARER_SWITCH_OFF });
    expect(await failure(join("kid", "Little Star"))).toMatchObject({ status: 403, message: CARER_SWITCH_OFF });
    // Only a carer: a circle member who is not one answers as if there were no such child.
    expect(await failure(setChildLounge("ben", { childId: "kid", enabled: true }, options()))).toMatchObject(notFound);
    expect(await failure(setChildLounge("stranger", { childId: "kid", enabled: true }, options()))).toMatchObject(
      notFound,
    );
    await setChildLounge("gran", { childId: "kid", enabled: true }, options());
    await join("kid", "Little Star");
    const rooms = await getLoungeRooms("kid", options());
    expect(rooms.rooms.map((room) => room.ageBand)).toEqual(["under13", "under13"]);

    // A child in an adult or teen room: as a room that does not exist.
    for (const slug of ["family-life", "study-break"]) {
      const room = await roomId(db, slug);
      expect(await failure(getLoungeTable("kid", { roomId: room }, options()))).toMatchObject(notFound);
      expect(await failure(postToLounge("kid", { roomId: room, text: "hi" }, options()))).toMatchObject(notFound);
    }
    const kidsRoom = await roomId(db, "kind-corner");
    await postToLounge("kid", { roomId: kidsRoom, text: "I drew a cat" }, options());

    // Turned off again: at once, everywhere.
    await setChildLounge("mum", { childId: "kid", enabled: false }, options());
    expect(await failure(getLoungeTable("kid", { roomId: kidsRoom }, options()))).toMatchObject({ status: 403 });
  });

  it("an adult never enters an under-13 room, nor a teen room", async () => {
    await join("ada", "Sky Blue");
    for (const slug of ["kind-corner", "making-things", "study-break"]) {
      const room = await roomId(database.db, slug);
      expect(await failure(getLoungeTable("ada", { roomId: room }, options()))).toMatchObject(notFound);
      expect(await failure(postToLounge("ada", { roomId: room, text: "hello" }, options()))).toMatchObject(notFound);
      expect(await failure(loungeTableChannel("ada", room, options()))).toMatchObject(notFound);
    }
  });

  it("an account made as a child that turned 13 is in the teen band; a date of birth alone waits for a carer", async () => {
    const db = database.db;
    await makeCircle(db, "mum", { kid: "child" });
    // CHILD_BIRTH_MONTH is 2019-06: 13 from July 2032, 18 from July 2037.
    const teenYears = new Date("2033-01-10T12:00:00Z");
    expect((await getLoungeRooms("kid", options(teenYears))).rooms.map((room) => room.ageBand)).toEqual([
      "teen",
      "teen",
    ]);
    await db.insert(memberProfiles).values({ memberId: "claims-15", dob: "2011-01-01" });
    expect(await getLoungeRooms("claims-15", options())).toMatchObject({ rooms: [], notice: TEEN_NOT_CONFIRMED });
    // Only a grown-up (owner or guardian) of a circle the member is in confirms the band; not the member, not a stranger.
    await makeCircle(db, "dad", { "claims-15": "member", aunt: "member", adult: "member" });
    for (const who of ["stranger", "aunt", "claims-15"])
      expect(await failure(confirmTeenBand(who, { memberId: "claims-15" }, options()))).toMatchObject(notFound);
    // Nor does confirming make an adult (no date of birth) a teen.
    expect(await failure(confirmTeenBand("dad", { memberId: "adult" }, options()))).toMatchObject(notFound);
    await confirmTeenBand("dad", { memberId: "claims-15" }, options());
    expect((await getLoungeRooms("claims-15", options())).rooms.map((room) => room.ageBand)).toEqual(["teen", "teen"]);
    expect((await getLoungeRooms("adult", options())).rooms.map((room) => room.ageBand)).toEqual([
      "adult",
      "adult",
      "adult",
    ]);
    await db.insert(memberProfiles).values({ memberId: "claims-9", dob: "2017-01-01" });
    expect((await getLoungeRooms("claims-9", options())).rooms).toEqual([]);
  });
});

describe("floods", () => {
  it(`refuses a post beyond the daily limit (${DAILY_POST_LIMIT}), and stores nothing of it`, async () => {
    const room = await roomId(database.db, "family-life");
    await join("ada", "Sky Blue");
    for (let index = 0; index < DAILY_POST_LIMIT; index++)
      await postToLounge(
        "ada",
        { roomId: room, text: `Post ${index}` },
        options(new Date(noon.getTime() + index * 120_000)),
      );
    const late = new Date("2026-03-11T22:30:00Z");
    expect(await failure(postToLounge("ada", { roomId: room, text: "one more" }, options(late)))).toMatchObject({
      status: 429,
    });
    expect(await database.db.select().from(loungePosts).where(eq(loungePosts.authorId, "ada"))).toHaveLength(
      DAILY_POST_LIMIT,
    );
    // The next day in the member's zone, the count starts again.
    await postToLounge("ada", { roomId: room, text: "a new day" }, options(new Date("2026-03-12T07:00:00Z")));
  });
});
