import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { loungePosts } from "../db/schema/lounge";
import { images } from "../db/schema/uploads";
import { classifyImage, type ImageClassifier } from "../images";
import { runDueJobs, scheduleJob, type JobHandler } from "../jobs";
import { getLivePort, type LiveEvent } from "../live";
import { logError } from "../log";
import { getObjectStore, type ObjectStore } from "../storage";
import { derivativeKey, processPendingImages } from "../uploads";
import { photoHoldReason, type HoldReason } from "./holds";
import { noticeReply } from "./replies";

/**
 * The photo check of a Lounge post (issue 42): after the photo's processing, the offline classifier
 * (lib/images `classifyImage`) looks at its display derivative, and the hold rule (holds.ts
 * `photoHoldReason`) decides: the post's "image-check" hold becomes "image" (flagged) or
 * "image-unchecked" (the check could not answer), or goes, and a post with no hold left is published.
 * Only Lounge posts are scheduled here: Cam, the Vision Board and other private photos never are.
 */
export const PHOTO_CHECK_JOB = "lounge-photo-check";
/** Announces a post the check published, after its transaction committed (readers refetch). */
export const POST_ANNOUNCE_JOB = "lounge-post-announce";
/** How often the check looks again while the photo is still being processed. */
export const PHOTO_CHECK_RETRY_MS = 15_000;
/**
 * How long the check waits for the photo's processing (which retries for some 15 minutes, lib/jobs)
 * before holding the post for a person: a photo that never becomes ready is never published unchecked.
 */
export const PHOTO_CHECK_PATIENCE_MS = 30 * 60_000;

export type PhotoCheckOptions = {
  db?: Db;
  now?: Date;
  /** The classifier; the default is the real one (tests pass a fake for the rule). */
  classify?: ImageClassifier;
  store?: ObjectStore;
  publish?: (channel: string, event: LiveEvent) => Promise<unknown>;
};

/** In postToLounge's transaction: the post with a photo waits for its check (held "image-check"). */
export async function schedulePhotoCheck(tx: Db, post: { id: string; authorId: string }, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: PHOTO_CHECK_JOB, key: post.id, memberId: post.authorId, runAt: now });
}

/** The Lounge's job kinds: the photo check and the announcement of what it published. */
export function photoCheckJobHandlers(options: PhotoCheckOptions = {}): Record<string, JobHandler> {
  return {
    [PHOTO_CHECK_JOB]: {
      // The classifier takes a second or more (its thread may have to start): it looks outside the
      // transaction, which then decides on the post as it stands by then (lib/jobs SlowJobHandler).
      work: async (job, db, now) => {
        const found = await photoCheckOf(db, job.key, now, options);
        return async (tx) => {
          if (found.kind === "wait") return new Date(now.getTime() + PHOTO_CHECK_RETRY_MS);
          if (found.kind === "nothing") return null;
          const [post] = await tx.select().from(loungePosts).where(eq(loungePosts.id, job.key)).for("update");
          // Decided meanwhile by a moderator (published or removed), or gone: nothing left to check.
          if (!post || post.status !== "held" || !post.holdReasons.includes("image-check")) return null;
          const holdReasons = [
            ...post.holdReasons.filter((held) => held !== "image-check"),
            ...(found.reason ? [found.reason] : []),
          ];
          const status = holdReasons.length ? "held" : "published";
          await tx.update(loungePosts).set({ holdReasons, status }).where(eq(loungePosts.id, post.id));
          if (status === "published") {
            await noticeReply(tx, post, now);
            await scheduleJob(tx, { kind: POST_ANNOUNCE_JOB, key: post.id, memberId: post.authorId, runAt: now });
          }
          return null;
        };
      },
    },
    [POST_ANNOUNCE_JOB]: async (job, tx) => {
      const [post] = await tx
        .select({ tableId: loungePosts.tableId, status: loungePosts.status })
        .from(loungePosts)
        .where(eq(loungePosts.id, job.key));
      if (post?.status !== "published") return null;
      // A publish that fails throws: the job runs again (an event twice only makes readers refetch twice).
      const publish = options.publish ?? (async (channel, event) => (await getLivePort()).publish(channel, event));
      await publish(`lounge-table:${post.tableId}`, { kind: "post.published", ids: { postId: job.key } });
      return null;
    },
  };
}

/**
 * What the check finds for a post, read without locks: nothing to check (decided meanwhile by a
 * moderator, or gone), a photo still being processed, or the hold reason the classifier's answer
 * gives (null: clean).
 */
async function photoCheckOf(
  db: Db,
  postId: string,
  now: Date,
  options: PhotoCheckOptions,
): Promise<{ kind: "nothing" } | { kind: "wait" } | { kind: "decided"; reason: HoldReason | null }> {
  const [post] = await db.select().from(loungePosts).where(eq(loungePosts.id, postId));
  if (!post?.imageId || post.status !== "held" || !post.holdReasons.includes("image-check")) return { kind: "nothing" };
  const [image] = await db
    .select({ status: images.status, prefix: images.objectPrefix })
    .from(images)
    .where(eq(images.id, post.imageId));
  if (image && (image.status === "uploaded" || image.status === "processing")) {
    if (now.getTime() - post.createdAt.getTime() < PHOTO_CHECK_PATIENCE_MS) return { kind: "wait" };
    return { kind: "decided", reason: "image-unchecked" };
  }
  // A photo lib/images refused, or gone.
  if (image?.status !== "ready") return { kind: "decided", reason: "image-unchecked" };
  // A store that does not answer throws: the job runs again (lib/jobs), the post stays held.
  const store = options.store ?? (await getObjectStore());
  const bytes = await store.getBytes(derivativeKey(image.prefix, "display"));
  const check = bytes
    ? await (options.classify ?? classifyImage)(bytes).catch((error: unknown) => {
        logError("[lounge] the photo check failed; the post is held for a moderator", error);
        return { failed: true } as const;
      })
    : ({ failed: true } as const);
  return { kind: "decided", reason: photoHoldReason(check) };
}

/**
 * After a post with a photo, off the poster's answer (the web action's `after()`, the API's resolver):
 * the photo processed if its job has not run yet, then the due checks, so a clean photo's post appears
 * within seconds from the site and the native apps alike. The job timer runs anything left within a
 * minute, as it would without this.
 */
export async function checkNewPostPhotos(options: PhotoCheckOptions = {}): Promise<void> {
  await processPendingImages({ db: options.db, store: options.store });
  await checkLoungePhotos(options);
}

/** Runs the due photo checks now (the job timer runs anything left within a minute). */
export async function checkLoungePhotos(options: PhotoCheckOptions = {}): Promise<void> {
  await runDueJobs(photoCheckJobHandlers(options), {
    db: options.db ?? (await getDb()),
    now: options.now,
    limit: 10,
  }).catch((error: unknown) => logError("[lounge] photo checks failed", error));
}
