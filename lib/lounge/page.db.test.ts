import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { loungeMembers } from "../db/schema/lounge";
import { joinLounge, postToLounge } from "./store";
import { loadLoungeRoom } from "./page";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_TABLES, recordedEvents, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const night = new Date("2026-03-11T23:30:00Z"); // adults' rooms close at 23:00 (UTC: no zone set)
const options = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const join = (memberId: string, loungeName: string) =>
  joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options());

describe("the table page's data (/lounge/<room>)", () => {
  it("at an open table: the room, the Lounge name and the posts, seating the member on the first visit", async () => {
    const room = await roomId(database.db, "family-life");
    await join("ada", "Quiet Reader");
    await join("ben", "Calm Walker");
    await loadLoungeRoom("ben", room, options());
    await postToLounge("ben", { roomId: room, text: "Porridge again, and happy about it" }, options());
    const page = await loadLoungeRoom("ada", room, options());
    expect(page).toMatchObject({
      kind: "table",
      discreet: false,
      room: { id: room, name: "Family Life", theme: "Routines that work for a household", ageBand: "adult" },
      loungeName: "Quiet Reader",
      slowMode: null,
      threads: [{ post: { authorName: "Calm Walker", text: "Porridge again, and happy about it", when: "12:00" } }],
    });
  });

  it.each([
    ["a member who has not joined is asked to join", async () => {}, "family-life", noon, { kind: "join" }],
    [
      "a member who accepted older house rules is asked again",
      async () => {
        await join("ada", "Quiet Reader");
        // As if the rules had changed since: the version the member accepted is behind the current one.
        await database.db
          .update(loungeMembers)
          .set({ rulesVersion: LOUNGE_RULES_VERSION - 1 })
          .where(eq(loungeMembers.memberId, "ada"));
      },
      "family-life",
      noon,
      { kind: "join" },
    ],
    [
      "at night the room's notice, with its hours by the member's clock",
      () => join("ada", "Quiet Reader"),
      "family-life",
      night,
      {
        kind: "closed",
        room: { name: "Family Life" },
        message: "Family Life is closed for the night: it opens at 06:00 and closes at 23:00, your time.",
      },
    ],
    ["another band's room is not found", () => join("ada", "Quiet Reader"), "kind-corner", noon, null],
  ])("%s", async (_, arrange, slug, now, expected) => {
    await arrange();
    const page = await loadLoungeRoom("ada", await roomId(database.db, slug), options(now));
    if (expected === null) expect(page).toBeNull();
    else expect(page).toMatchObject(expected);
  });

  it("a room id that is not one is not found", async () => {
    await join("ada", "Quiet Reader");
    expect(await loadLoungeRoom("ada", "not-a-room", options())).toBeNull();
  });
});
