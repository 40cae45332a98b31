import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { loungePosts } from "../db/schema/lounge";
import { images } from "../db/schema/uploads";
import { failure, makeCircle } from "../circles/testing";
import { imageResponse, processPendingImages } from "../uploads";
import { installObjectStore } from "../storage";
import { temporaryStore } from "../cam/testing";
import { imageHolders } from "@/lib/features";
import { getLoungeTable, joinLounge, postToLounge, reportLoungePost, setChildLounge } from "./store";
import { moderatePost } from "./moderation";
import { loungePostImageHolderWith } from "./image-access";
import { GET as imageRoute } from "@/app/api/images/[imageId]/[variant]/route";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_IMAGE_TABLES, LOUNGE_TABLES, recordedEvents, roomId, uploadedPhoto } from "./testing";

const database = useTestDatabase([...LOUNGE_TABLES, ...LOUNGE_IMAGE_TABLES]);
const noon = new Date("2026-03-11T12:00:00Z");
const options = (now = noon) => ({ db: database.db, now, publish: recordedEvents().publish });
const moderate = () => ({ ...options(), moderators: ["mod"] });
const join = (memberId: string, loungeName: string) =>
  joinLounge({ memberId, name: null }, { loungeName, rulesVersion: LOUNGE_RULES_VERSION }, options());
const canSee = (viewerId: string, postId: string) =>
  imageHolders["lounge-post"]!(database.db, viewerId, { id: postId, ownerId: "ada" });

/** Ada and Ben at the family room's first table (with eight others), Eve at the second. */
async function tables() {
  const room = await roomId(database.db, "family-life");
  const seated = ["ada", "ben", ...Array.from({ length: 8 }, (_, index) => `seat-${index}`)];
  for (const [index, person] of seated.entries()) {
    await join(person, `Person ${"abcdefghij"[index]}x`);
    await getLoungeTable(person, { roomId: room }, options());
  }
  await join("eve", "Far Table");
  await getLoungeTable("eve", { roomId: room }, options());
  return room;
}

describe("a photo in a post (teens and adults)", () => {
  it("waits for its check, seen by its author alone; then by its table only, and 404 at another table", async () => {
    const room = await tables();
    const uploadId = await uploadedPhoto(database.db, "ada");
    const post = await postToLounge("ada", { roomId: room, text: "My garden", imageUploadId: uploadId }, options());
    expect(post).toMatchObject({ held: true, holdReasons: ["image-check"], image: { status: "processing" } });
    expect((await getLoungeTable("ben", { roomId: room }, options())).posts).toEqual([]);
    expect(await canSee("ada", post.id)).toBe(true);
    expect(await canSee("ben", post.id)).toBe(false);

    await moderatePost("mod", { postId: post.id, action: "publish", reason: "A garden, nothing else" }, moderate());
    await database.db.update(images).set({ status: "ready" });
    const [seen] = (await getLoungeTable("ben", { roomId: room }, options())).posts;
    expect(seen).toMatchObject({ id: post.id, image: { status: "ready", url: `/api/images/${uploadId}/display` } });
    expect(await canSee("ben", post.id)).toBe(true);
    expect(await canSee("eve", post.id)).toBe(false);
    expect(await canSee("stranger", post.id)).toBe(false);
    // The route itself: someone at another table, and a stranger, get 404 as for no such image.
    for (const who of ["eve", "stranger"])
      expect((await imageResponse(who, uploadId, "display", imageHolders, { db: database.db })).status).toBe(404);

    // Removed by a moderator: nobody sees the photo any more, its author neither.
    await database.db.update(loungePosts).set({ status: "removed" }).where(eq(loungePosts.id, post.id));
    expect(await canSee("ben", post.id)).toBe(false);
    expect(await canSee("ada", post.id)).toBe(false);
    expect((await getLoungeTable("ada", { roomId: room }, options())).posts[0]).toMatchObject({ image: null });
  });

  it("refuses someone else's upload (404 naming imageUploadId) and stores no post", async () => {
    const room = await tables();
    const bens = await uploadedPhoto(database.db, "ben");
    expect(
      await failure(postToLounge("ada", { roomId: room, text: "Not mine", imageUploadId: bens }, options())),
    ).toMatchObject({ status: 404, field: "imageUploadId" });
    expect(await database.db.select().from(loungePosts)).toEqual([]);
    const [row] = await database.db.select().from(images).where(eq(images.id, bens));
    expect(row!.holderId).toBeNull();
  });

  it("an under-13 cannot post a photo: 403 naming imageUploadId, nothing stored", async () => {
    await makeCircle(database.db, "mum", { kid: "child" });
    await setChildLounge("mum", { childId: "kid", enabled: true }, options());
    await join("kid", "Little Star");
    const uploadId = await uploadedPhoto(database.db, "kid");
    const room = await roomId(database.db, "kind-corner");
    expect(
      await failure(postToLounge("kid", { roomId: room, text: "My cat", imageUploadId: uploadId }, options())),
    ).toMatchObject({ status: 403, field: "imageUploadId" });
    expect(await database.db.select().from(loungePosts)).toEqual([]);
  });

  describe("a named moderator sees the photos the console decides, through the same checked route", () => {
    const holders = { "lounge-post": loungePostImageHolderWith({ moderators: ["mod"] }) };
    let temp: Awaited<ReturnType<typeof temporaryStore>>;
    beforeAll(async () => {
      temp = await temporaryStore();
      installObjectStore(temp.store);
    });
    afterAll(() => temp.remove());
    const served = async (who: string, imageId: string) =>
      (await imageResponse(who, imageId, "display", holders, { db: database.db, store: temp.store })).status;
    const processed = () => processPendingImages({ db: database.db, store: temp.store });

    it("a held post's photo: the moderator and its author; not a member at its table, another table, or a guest", async () => {
      const room = await tables();
      const uploadId = await uploadedPhoto(database.db, "ada");
      await postToLounge("ada", { roomId: room, text: "Held", imageUploadId: uploadId }, options());
      await processed();
      expect(await served("mod", uploadId)).toBe(200);
      expect(await served("ada", uploadId)).toBe(200);
      // Ben sits at the post's table but is no moderator; Eve sits at another table; "other-mod" is
      // named nowhere: 404 alike, as for no such image.
      for (const who of ["ben", "eve", "other-mod"]) expect(await served(who, uploadId)).toBe(404);
      // The operator's list (unset in tests) names nobody: the app's own rule lets no one but the author in.
      expect(await canSee("mod", (await database.db.select().from(loungePosts))[0]!.id)).toBe(false);
      // A guest: the route answers 401 before it reads anything.
      const guest = await imageRoute(new Request(`http://localhost/api/images/${uploadId}/display`), {
        params: Promise.resolve({ imageId: uploadId, variant: "display" }),
      });
      expect(guest.status).toBe(401);
      expect(guest.headers.get("cache-control")).toBe("private, no-store");
    });

    it("a published post's photo: the moderator only once it is reported; a removed one's, the moderator alone", async () => {
      const room = await tables();
      const uploadId = await uploadedPhoto(database.db, "ada");
      const post = await postToLounge("ada", { roomId: room, text: "Garden", imageUploadId: uploadId }, options());
      await processed();
      await database.db.update(loungePosts).set({ status: "published", holdReasons: [] });
      expect(await served("mod", uploadId)).toBe(404); // not seated there, nothing to decide
      await reportLoungePost("ben", { postId: post.id, reason: "UNSAFE" }, options());
      expect(await served("mod", uploadId)).toBe(200);
      expect(await served("eve", uploadId)).toBe(404);
      await moderatePost("mod", { postId: post.id, action: "remove", reason: "Unsafe photo" }, moderate());
      expect(await served("mod", uploadId)).toBe(200); // an appeal may follow
      for (const who of ["ada", "ben", "eve"]) expect(await served(who, uploadId)).toBe(404);
    });
  });
});
