import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../db/testing";
import { jobs } from "../db/schema";
import { loungePosts } from "../db/schema/lounge";
import { images } from "../db/schema/uploads";
import type { ImageClassification, ImageClassifier } from "../images";
import { installObjectStore } from "../storage";
import { imageResponse, processPendingImages } from "../uploads";
import { temporaryStore } from "../cam/testing";
import { getLoungeTable, joinLounge, postToLounge } from "./store";
import { getModerationPost, moderatePost } from "./moderation";
import { loungePostImageHolderWith } from "./image-access";
import { checkLoungePhotos, PHOTO_CHECK_JOB, PHOTO_CHECK_PATIENCE_MS } from "./photo-check";
import { HOLD_REASON_TEXT } from "./holds";
import { loadLoungeRoom } from "./page";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_IMAGE_TABLES, LOUNGE_TABLES, recordedEvents, roomId, uploadedPhoto } from "./testing";

const database = useTestDatabase([...LOUNGE_TABLES, ...LOUNGE_IMAGE_TABLES]);
const noon = new Date("2026-03-11T12:00:00Z");
const later = (ms: number) => new Date(noon.getTime() + ms);
let events = recordedEvents();
const options = () => ({ db: database.db, now: noon, publish: events.publish });
const moderators = ["mod"];
let temp: Awaited<ReturnType<typeof temporaryStore>>;

beforeAll(async () => {
  temp = await temporaryStore();
  installObjectStore(temp.store);
});
afterAll(() => temp.remove());
afterEach(() => {
  events = recordedEvents();
  vi.unstubAllGlobals();
});

const scores = (unsafe: Partial<ImageClassification>): ImageClassification => ({
  drawing: 0,
  hentai: 0,
  porn: 0,
  sexy: 0,
  neutral: 1 - Object.values(unsafe).reduce((sum, value) => sum + value, 0),
  ...unsafe,
});

/** Ada and Ben at one table of the family room; Eve at the second. */
async function table() {
  const room = await roomId(database.db, "family-life");
  const seated = ["ada", "ben", ...Array.from({ length: 8 }, (_, index) => `seat-${index}`), "eve"];
  for (const [index, person] of seated.entries()) {
    await joinLounge(
      { memberId: person, name: null },
      { loungeName: `Person ${"abcdefghijk"[index]}x`, rulesVersion: LOUNGE_RULES_VERSION },
      options(),
    );
    await getLoungeTable(person, { roomId: room }, options());
  }
  return room;
}

/** Ada posts `text` with a photo; its processing job runs; the post as stored. */
async function postWithPhoto(room: string, text: string, photo?: Uint8Array) {
  const uploadId = await uploadedPhoto(database.db, "ada", photo);
  const post = await postToLounge("ada", { roomId: room, text, imageUploadId: uploadId }, options());
  expect([post.held, post.holdReasons.at(-1)]).toEqual([true, "image-check"]);
  await processPendingImages({ db: database.db, store: temp.store });
  return { post, uploadId };
}

const check = (classify?: ImageClassifier, now = later(5_000)) =>
  checkLoungePhotos({ db: database.db, now, classify, store: temp.store, publish: events.publish });
const stored = async (postId: string) =>
  (await database.db.select().from(loungePosts).where(eq(loungePosts.id, postId)))[0]!;
const bensPosts = async (room: string) => (await getLoungeTable("ben", { roomId: room }, options())).posts;

describe("the photo check of a Lounge post", () => {
  it(
    "runs the real model offline: a photo of people in shorts and T-shirts is clean, the post is published and announced",
    { timeout: 120_000 },
    async () => {
      // Nothing may leave the machine: any fetch fails the test.
      const fetches: unknown[] = [];
      vi.stubGlobal("fetch", (...args: unknown[]) => {
        fetches.push(args);
        return Promise.reject(new Error("no network in the photo check"));
      });
      const room = await table();
      const people = await readFile(new URL("../images/__fixtures__/people.jpg", import.meta.url));
      const { post, uploadId } = await postWithPhoto(room, "Our club's open day", people);
      // Before the check: nobody else sees it; its author reads why.
      expect(await bensPosts(room)).toEqual([]);
      const mine = await loadLoungeRoom("ada", room, { db: database.db, now: noon });
      expect(JSON.stringify(mine)).toContain(HOLD_REASON_TEXT["image-check"]);

      await check(); // the real classifier (classifyImage)

      expect(fetches).toEqual([]);
      expect(await stored(post.id)).toMatchObject({ status: "published", holdReasons: [] });
      expect((await bensPosts(room)).map((seen) => [seen.id, seen.image?.url])).toEqual([
        [post.id, `/api/images/${uploadId}/display`],
      ]);
      expect(events.events).toEqual([
        {
          channel: expect.stringMatching(/^lounge-table:/),
          event: { kind: "post.published", ids: { postId: post.id } },
        },
      ]);
      expect(await database.db.select().from(jobs).where(eq(jobs.kind, PHOTO_CHECK_JOB))).toEqual([]);
    },
  );

  it("a flagged photo holds the post (reason image) for a moderator, who sees the photo; the table does not", async () => {
    const room = await table();
    const { post, uploadId } = await postWithPhoto(room, "Look");
    // 0.2 + 0.1 = 0.3: at the threshold, held.
    await check(async () => scores({ porn: 0.2, sexy: 0.1 }));
    expect(await stored(post.id)).toMatchObject({ status: "held", holdReasons: ["image"] });
    expect(await bensPosts(room)).toEqual([]);
    expect(events.events).toEqual([]);
    const mine = await loadLoungeRoom("ada", room, { db: database.db, now: noon });
    expect(JSON.stringify(mine)).toContain(HOLD_REASON_TEXT.image);

    const holders = { "lounge-post": loungePostImageHolderWith({ moderators }) };
    const detail = await getModerationPost("mod", post.id, { db: database.db, moderators });
    expect(detail.image).toMatchObject({ status: "ready", url: `/api/images/${uploadId}/display` });
    const served = await imageResponse("mod", uploadId, "display", holders, { db: database.db, store: temp.store });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("private, no-store");
    expect((await imageResponse("ben", uploadId, "display", holders, { db: database.db })).status).toBe(404);
  });

  it("a photo just under the threshold publishes; the text's own holds still apply", async () => {
    const room = await table();
    const clean = await postWithPhoto(room, "Sunny day");
    const withPhone = await postWithPhoto(room, "Ring me on 07700 900 123");
    await check(async () => scores({ porn: 0.1, hentai: 0.09, sexy: 0.1 }));
    expect(await stored(clean.post.id)).toMatchObject({ status: "published", holdReasons: [] });
    expect(await stored(withPhone.post.id)).toMatchObject({ status: "held", holdReasons: ["phone"] });
  });

  it("fails closed: a classifier that throws, or answers nonsense, holds the post (image-unchecked), never drops or publishes it", async () => {
    const room = await table();
    const broken = await postWithPhoto(room, "One");
    await check(async () => {
      throw new Error("model gone");
    });
    expect(await stored(broken.post.id)).toMatchObject({ status: "held", holdReasons: ["image-unchecked"] });
    const nonsense = await postWithPhoto(room, "Two");
    await check(async () => scores({ porn: Number.NaN }));
    expect(await stored(nonsense.post.id)).toMatchObject({ status: "held", holdReasons: ["image-unchecked"] });
    expect(await bensPosts(room)).toEqual([]);
    const mine = await loadLoungeRoom("ada", room, { db: database.db, now: noon });
    expect(JSON.stringify(mine)).toContain(HOLD_REASON_TEXT["image-unchecked"]);
  });

  it("a photo lib/images refused holds the post for a person; one never processed waits, then is held too", async () => {
    const room = await table();
    const refused = await postWithPhoto(room, "Refused");
    await database.db.update(images).set({ status: "failed", error: "Damaged" });
    const classify = vi.fn(async () => scores({}));
    await check(classify);
    expect(await stored(refused.post.id)).toMatchObject({ status: "held", holdReasons: ["image-unchecked"] });

    const uploadId = await uploadedPhoto(database.db, "ada");
    const stuck = await postToLounge("ada", { roomId: room, text: "Stuck", imageUploadId: uploadId }, options());
    await check(classify, later(1_000)); // still processing: the check looks again later
    expect(await stored(stuck.id)).toMatchObject({ status: "held", holdReasons: ["image-check"] });
    await check(classify, later(PHOTO_CHECK_PATIENCE_MS + 60_000));
    expect(await stored(stuck.id)).toMatchObject({ status: "held", holdReasons: ["image-unchecked"] });
    expect(classify).not.toHaveBeenCalled();
  });

  it("a post a moderator decided before the check is left as they decided", async () => {
    const room = await table();
    const { post } = await postWithPhoto(room, "Decided");
    await moderatePost(
      "mod",
      { postId: post.id, action: "remove", reason: "Not for here" },
      { ...options(), moderators },
    );
    await check(async () => scores({}));
    expect(await stored(post.id)).toMatchObject({ status: "removed" });
  });

  it("the classifier looks without holding the post: a moderator who decides meanwhile is not waited for, and their decision stands", async () => {
    const room = await table();
    const { post } = await postWithPhoto(room, "Decided while it looked");
    let looking = () => {};
    const looked = new Promise<void>((resolve) => (looking = resolve));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const checking = check(async () => {
      looking();
      await answered;
      return scores({});
    });
    await looked;
    const decided = moderatePost(
      "mod",
      { postId: post.id, action: "remove", reason: "Not for here" },
      { ...options(), moderators },
    );
    const inTime = await Promise.race([
      decided.then(() => "decided"),
      new Promise((resolve) => setTimeout(() => resolve("waited for the classifier"), 2000)),
    ]);
    answer();
    await checking;
    expect(inTime).toBe("decided");
    expect(await stored(post.id)).toMatchObject({ status: "removed" });
    expect(events.events.map(({ event }) => event.kind)).not.toContain("post.published");
  });
});
