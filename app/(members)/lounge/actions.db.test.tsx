import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { memberSettings } from "@/lib/db/schema/settings";
import { loungePosts, loungeReports } from "@/lib/db/schema/lounge";
import { memberProfiles } from "@/lib/db/schema/profile";
import { LOUNGE_TABLES, roomId } from "@/lib/lounge/testing";
import { makeCircle } from "@/lib/circles/testing";

// The actions and the pages run as the member the mock answers, against this file's database (installed as the app's).
const database = useTestDatabase([...LOUNGE_TABLES, memberSettings]);
const signedIn = { memberId: "ada" as string | null };
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidatePath: () => {},
}));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {} }),
}));
// "mod" is the one moderator the operator named (by id; an address is matched as lib/lounge tests show).
vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/config")>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), loungeModerators: ["mod"] }) };
});
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  const names: Record<string, string> = { ada: "Ada Lovelace", ben: "Ben Okri" };
  const member = () =>
    signedIn.memberId
      ? { memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: names[signedIn.memberId] }
      : null;
  return {
    MemberRequiredError,
    getMember: async () => member(),
    requireMember: async () => {
      if (!signedIn.memberId) throw new MemberRequiredError();
      return member()!;
    },
  };
});

const { cheerLoungeAction, joinLoungeAction, postToLoungeAction, renameLoungeAction, reportLoungeAction } =
  await import("./actions");
const { default: LoungePage, generateMetadata } = await import("./page");
const { default: RoomPage } = await import("./[room]/page");
const { setDiscreetMode } = await import("@/lib/settings");
const { getLoungeTable, setChildLounge } = await import("@/lib/lounge");

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const as = (memberId: string | null) => (signedIn.memberId = memberId);
const lounge = async () => renderToStaticMarkup((await LoungePage())!);
const room = async (id: string, before?: string) =>
  renderToStaticMarkup(
    (await RoomPage({ params: Promise.resolve({ room: id }), searchParams: Promise.resolve({ before }) }))!,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

/** A fixed zone where the local hour is `hour` now: the rooms open by the member's clock. */
function zoneAt(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
async function livesAt(memberId: string, hour: number) {
  await database.db
    .insert(memberProfiles)
    .values({ memberId, timezone: zoneAt(hour) })
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { timezone: zoneAt(hour) } });
}
async function joined(memberId: string, loungeName: string) {
  as(memberId);
  await livesAt(memberId, 12);
  expect(await joinLoungeAction(idle, formOf({ loungeName, rulesVersion: "1", accept: "on" }))).toMatchObject({
    status: "ok",
  });
}

describe("/lounge", () => {
  it("asks for the house rules and a Lounge name, refusing a real name next to the field", async () => {
    as("ada");
    await livesAt("ada", 12);
    const before = text(await lounge());
    expect(before).toContain("House rules");
    expect(before).toContain("Protect privacy");
    expect(before).toContain("Leave now");
    expect(before).not.toContain("Keeping Going");

    const unticked = await joinLoungeAction(idle, formOf({ loungeName: "Sky Blue", rulesVersion: "1" }));
    expect(unticked).toMatchObject({
      status: "error",
      fieldErrors: { accept: "Tick the box to accept the house rules." },
    });
    const realName = await joinLoungeAction(idle, formOf({ loungeName: "Ada L", rulesVersion: "1", accept: "on" }));
    expect(realName).toMatchObject({
      status: "error",
      fieldErrors: {
        loungeName: "Choose a Lounge name that is not your own name or the name your circle knows you by.",
      },
    });
    const oldRules = await joinLoungeAction(idle, formOf({ loungeName: "Sky Blue", rulesVersion: "0", accept: "on" }));
    expect(oldRules.fieldErrors).toHaveProperty("rulesVersion");
    expect(await joinLoungeAction(idle, formOf({ loungeName: "Sky Blue", rulesVersion: "1", accept: "on" }))).toEqual({
      status: "ok",
      message: "Welcome to the Lounge, Sky Blue.",
      fieldErrors: {},
      values: {},
    });

    const after = text(await lounge());
    expect(after).toContain("You are Sky Blue here.");
    expect(after).toContain("Keeping Going");
    expect(after).toContain("Open now.");
    // Nothing counts or lists people.
    expect(after).not.toMatch(/\b\d+ (members|people|online|posts)\b/i);
    expect(await generateMetadata()).toEqual({ title: "Lounge" });
  });

  it("says when a room opens when it is night by the member's clock, and shows the room's closed notice", async () => {
    await joined("ada", "Sky Blue");
    await livesAt("ada", 2);
    expect(text(await lounge())).toContain("Closed for the night: opens at 06:00, your time.");
    const page = text(await room(await roomId(database.db, "keeping-going")));
    expect(page).toContain("Closed for the night");
    expect(page).toContain("Keeping Going is closed for the night: it opens at 06:00 and closes at 23:00, your time.");
    expect(page).not.toContain("Your post");
  });

  it("tells a child why no room is listed until a carer turns the Lounge on, then shows the under-13 rooms only", async () => {
    await makeCircle(database.db, "mum", { kid: "child" });
    await livesAt("kid", 12);
    as("kid");
    const off = text(await lounge());
    expect(off).toContain("Not open to you yet");
    expect(off).not.toContain("Lounge name");
    expect(off).not.toContain("Kind Corner");
    await setChildLounge("mum", { childId: "kid", enabled: true }, { db: database.db });
    expect(text(await lounge())).toContain("Lounge name");
    expect(
      await joinLoungeAction(idle, formOf({ loungeName: "Star Fish", rulesVersion: "1", accept: "on" })),
    ).toMatchObject({ status: "ok" });
    const rooms = text(await lounge());
    expect(rooms).toContain("Kind Corner");
    expect(rooms).toContain("Making Things");
    expect(rooms).not.toContain("Keeping Going");
    await expect(room(await roomId(database.db, "keeping-going"))).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });

  it("links the moderators' console for a named moderator only, joined or not", async () => {
    as("mod");
    await livesAt("mod", 12);
    expect(await lounge()).toContain('href="/lounge/moderation"');
    expect(text(await lounge())).toContain("Moderators’ console");
    await joined("ada", "Sky Blue");
    const member = await lounge();
    expect(member).not.toContain("/lounge/moderation");
    expect(text(member)).not.toContain("console");
  });

  it("renames from the page by the joining rules, each refusal next to the field; the posts show the new name", async () => {
    await joined("ben", "Quiet Fox");
    await joined("ada", "Sky Blue");
    const keeping = await roomId(database.db, "keeping-going");
    await postToLoungeAction(idle, formOf({ roomId: keeping, text: "Morning walk done" }));
    const form = await lounge();
    expect(form).toContain('aria-label="Change your Lounge name"');
    expect(form).toMatch(/value="Sky Blue"/);
    const rename = (loungeName: string, rulesVersion = "1") =>
      renameLoungeAction(idle, formOf({ loungeName, rulesVersion }));
    expect(await rename("Ada Lovelace")).toMatchObject({
      status: "error",
      fieldErrors: {
        loungeName: "Choose a Lounge name that is not your own name or the name your circle knows you by.",
      },
    });
    expect(await rename("quiet fox")).toMatchObject({
      status: "error",
      fieldErrors: { loungeName: "That Lounge name is taken: choose another." },
    });
    expect(await rename("x")).toMatchObject({ status: "error", fieldErrors: { loungeName: expect.any(String) } });
    expect((await rename("Sea Green", "0")).fieldErrors).toHaveProperty("rulesVersion");
    expect(text(await lounge())).toContain("You are Sky Blue here.");
    expect(await rename("Sea Green")).toMatchObject({
      status: "ok",
      message: "You are Sea Green now: your posts show the new name.",
    });
    expect(text(await lounge())).toContain("You are Sea Green here.");
    as("ben");
    const table = text(await room(keeping));
    expect(table).toContain("Sea Green");
    expect(table).not.toContain("Sky Blue");
  });

  it("in discreet mode titles the pages neutrally and leaves the quick exit to the members' layout", async () => {
    await joined("ada", "Sky Blue");
    await setDiscreetMode("ada", true, database.db);
    expect(await generateMetadata()).toEqual({ title: "Notes" });
    const html = await lounge();
    expect(html).toContain(">Notes</h1>");
    // The members' layout renders Leave now in discreet mode: once, not twice.
    expect(html).not.toContain("Leave now");
  });
});

describe("/lounge/<room>", () => {
  it("is a 404 for another band's room and an unknown id, and sends a member who has not joined to /lounge", async () => {
    as("ada");
    await livesAt("ada", 12);
    const keeping = await roomId(database.db, "keeping-going");
    await expect(room(keeping)).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    await joined("ada", "Sky Blue");
    await expect(room(await roomId(database.db, "kind-corner"))).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
    await expect(room("not-a-room")).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });

  it("posts, holds a phone number for its author only, cheers privately and reports with a reason", async () => {
    await joined("ada", "Sky Blue");
    await joined("ben", "Quiet Fox");
    const keeping = await roomId(database.db, "keeping-going");

    as("ada");
    expect(
      await postToLoungeAction(idle, formOf({ roomId: keeping, text: "Ten minutes of reading today" })),
    ).toMatchObject({ status: "ok", message: "Posted." });
    expect(await postToLoungeAction(idle, formOf({ roomId: keeping, text: "text me on 07700 900 123" }))).toMatchObject(
      {
        status: "ok",
        message: "Held for a moderator: nobody else sees it until a person decides.",
      },
    );
    expect(await postToLoungeAction(idle, formOf({ roomId: keeping, text: "   " }))).toMatchObject({
      status: "error",
      fieldErrors: { text: "Write something first." },
    });
    const mine = text(await room(keeping));
    expect(mine).toContain("Ten minutes of reading today");
    expect(mine).toContain("Held for a moderator: only you can see it until a person decides.");
    expect(mine).toContain("It seems to contain a phone number.");
    expect(mine).toContain("Leave now");

    as("ben");
    const html = await room(keeping);
    const theirs = text(html);
    expect(theirs).toContain("Sky Blue");
    expect(theirs).toContain("Ten minutes of reading today");
    expect(theirs).not.toContain("07700");
    const postId = /name="postId" value="([0-9a-f-]{36})"/.exec(html)![1]!;
    expect(await cheerLoungeAction(idle, formOf({ postId }))).toMatchObject({
      status: "ok",
      message: "Cheer sent: only they will see it.",
    });
    expect(
      await postToLoungeAction(idle, formOf({ roomId: keeping, text: "Well done", replyTo: postId })),
    ).toMatchObject({ status: "ok", message: "Reply posted." });
    expect(await reportLoungeAction(idle, formOf({ postId, reason: "SPAM", note: "" }))).toMatchObject({
      status: "ok",
    });
    expect(await reportLoungeAction(idle, formOf({ postId, reason: "LOUD", note: "" }))).toMatchObject({
      status: "error",
    });
    const [report] = await database.db.select().from(loungeReports).where(eq(loungeReports.postId, postId));
    expect(report).toMatchObject({ reporterId: "ben", reason: "SPAM", note: null });
    // The cheerer sees no trace of cheers, and nobody sees a count.
    expect(text(await room(keeping))).not.toContain("cheered");

    as("ada");
    const author = text(await room(keeping));
    expect(author).toContain("Someone cheered this.");
    expect(author).toContain("Well done");
    expect(author).not.toMatch(/\d+ cheers?/i);
  });

  it("pages back through older posts with a cursor, 50 at a time, as the API's before does", async () => {
    await joined("ada", "Sky Blue");
    const keeping = await roomId(database.db, "keeping-going");
    // 55 posts a minute apart (written straight in: the daily limit and slow mode are not under test).
    const { tableId } = await getLoungeTable("ada", { roomId: keeping }, { db: database.db });
    const start = Date.now() - 60 * 60_000;
    await database.db.insert(loungePosts).values(
      Array.from({ length: 55 }, (_, n) => ({
        roomId: keeping,
        tableId,
        authorId: "ada",
        text: `Walk number ${n}.`,
        status: "published" as const,
        createdAt: new Date(start + n * 60_000),
      })),
    );
    const newest = await room(keeping);
    expect(text(newest)).toContain("Walk number 54.");
    expect(text(newest)).toContain("Walk number 5.");
    expect(text(newest)).not.toContain("Walk number 4.");
    const cursor = Math.floor((start + 5 * 60_000) / 1000);
    expect(newest).toContain(`href="/lounge/${keeping}?before=${cursor}"`);
    expect(text(newest)).not.toContain("older posts");

    const older = text(await room(keeping, String(cursor)));
    for (const n of [4, 3, 2, 1, 0]) expect(older).toContain(`Walk number ${n}.`);
    expect(older).not.toContain("Walk number 5.");
    expect(older).toContain("You are reading older posts. Back to the newest posts");
    expect(older).not.toContain("Older posts");
    // A cursor that is not an instant shows the newest page.
    expect(text(await room(keeping, "yesterday"))).toContain("Walk number 54.");
  });

  it("shows slow mode's wait and the daily limit as the form's message", async () => {
    await joined("ada", "Sky Blue");
    const keeping = await roomId(database.db, "keeping-going");
    const answers = [];
    for (let n = 0; n < 7; n++)
      answers.push(await postToLoungeAction(idle, formOf({ roomId: keeping, text: `Post number ${n}` })));
    expect(answers.slice(0, 6).every((answer) => answer.status === "ok")).toBe(true);
    expect(answers[6]).toMatchObject({ status: "error" });
    expect(answers[6]!.message).toMatch(/^Slow mode: 6 posts in one minute .* You can post again in \d+ seconds?\.$/);
    expect(text(await room(keeping))).toContain("Slow mode: 6 posts in one minute at this table");
  });
});
