import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { memberProfiles } from "../db/schema/profile";
import { failure, makeCircle } from "../circles/testing";
import { confirmTeenBand, joinLounge, postToLounge, setChildLounge } from "./store";
import { childLoungeOverview, teensToConfirm } from "./family";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const options = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const notFound = { status: 404, message: "Child not found", field: "childId" };

describe("carers reading an under-13 child's own Lounge posts", () => {
  it("the child's carers read the child's posts (held ones too) with room and status; nobody else does", async () => {
    const db = database.db;
    await makeCircle(db, "mum", { kid: "child", gran: "guardian", ben: "member" });
    await makeCircle(db, "other-mum", { other: "child" });
    expect(await childLoungeOverview("mum", "kid", options())).toEqual({ name: null, enabled: false, posts: [] });
    await setChildLounge("mum", { childId: "kid", enabled: true }, options());
    await setChildLounge("other-mum", { childId: "other", enabled: true }, options());
    await joinLounge(
      { memberId: "kid", name: null },
      { loungeName: "Little Star", rulesVersion: LOUNGE_RULES_VERSION },
      options(),
    );
    await joinLounge(
      { memberId: "other", name: null },
      { loungeName: "Moon Pie", rulesVersion: LOUNGE_RULES_VERSION },
      options(),
    );
    const room = await roomId(db, "kind-corner");
    await postToLounge("kid", { roomId: room, text: "I drew a cat" }, options());
    await postToLounge(
      "kid",
      { roomId: room, text: "call me 07700 900 123" },
      options(new Date(noon.getTime() + 60_000)),
    );
    await postToLounge("other", { roomId: room, text: "Not kid's post" }, options());

    const seen = await childLoungeOverview("gran", "kid", options());
    expect(seen.enabled).toBe(true);
    expect(seen.posts.map(({ text, status, roomName, reply }) => ({ text, status, roomName, reply }))).toEqual([
      { text: "call me 07700 900 123", status: "held", roomName: "Kind Corner", reply: false },
      { text: "I drew a cat", status: "published", roomName: "Kind Corner", reply: false },
    ]);

    // A stranger, a plain member of the circle, another child's carer, the child itself: as no such child.
    for (const who of ["stranger", "ben", "other-mum", "kid"])
      expect(await failure(childLoungeOverview(who, "kid", options()))).toMatchObject(notFound);
    expect(await failure(childLoungeOverview("mum", "", options()))).toMatchObject(notFound);
    expect(await failure(childLoungeOverview("mum", { childId: "kid" }, options()))).toMatchObject(notFound);
    // Once the child turns 13 (CHILD_BIRTH_MONTH 2019-06: July 2032) they are a teen: nobody but moderators reads them.
    expect(await failure(childLoungeOverview("mum", "kid", options(new Date("2032-07-02T12:00:00Z"))))).toMatchObject(
      notFound,
    );
  });
});

describe("the teen band waiting for a grown-up", () => {
  it("lists a circle's member whose date of birth says 13-17 to its grown-ups only, until one confirms", async () => {
    const db = database.db;
    await db.insert(memberProfiles).values([
      { memberId: "teen", dob: "2011-01-01" },
      { memberId: "grown", dob: "1990-01-01" },
    ]);
    await makeCircle(db, "dad", { teen: { role: "member", name: "Sam" }, grown: "member", aunt: "member" });
    expect(await teensToConfirm("dad", options())).toEqual([{ memberId: "teen", name: "Sam" }]);
    expect(await teensToConfirm("aunt", options())).toEqual([]);
    expect(await teensToConfirm("stranger", options())).toEqual([]);
    await confirmTeenBand("dad", { memberId: "teen" }, options());
    expect(await teensToConfirm("dad", options())).toEqual([]);
  });
});
