import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../db/open";
import { childConsents, circleMemberships, circles, shares } from "../db/schema/circles";
import { camPreferences, childCamSettings, momentAlbums, momentReactions, moments } from "../db/schema/cam";
import { images } from "../db/schema/uploads";
import { jobs } from "../db/schema/jobs";
import { camLinks, itemKinds } from "../features";
import { DiskObjectStore } from "../storage/disk/disk-store";
import type { ObjectStore } from "../storage";
import { createImageUpload, processPendingImages, receiveUploadBody } from "../uploads";
import { createMoment, type MomentView } from "./store";

/** The tables a Cam test's database starts empty (useTestDatabase): moments, their images and jobs, and circles. */
export const CAM_TABLES = [
  camPreferences,
  momentReactions,
  moments,
  momentAlbums,
  childCamSettings,
  images,
  jobs,
  shares,
  childConsents,
  circleMemberships,
  circles,
];

/** Test helper: a disk object store in a temporary folder, and how to remove it. */
export async function temporaryStore(): Promise<{
  store: DiskObjectStore;
  directory: string;
  remove: () => Promise<void>;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), "happr-cam-"));
  return {
    store: new DiskObjectStore({ directory }),
    directory,
    remove: () => rm(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }),
  };
}

export const bodyOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      // Several reads, as a network body arrives.
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });

/** Test helper: uploads `bytes` whole as the member (the route's work, without HTTP); the upload id. */
export async function uploadPhoto(
  db: Db,
  store: ObjectStore,
  memberId: string,
  bytes: Uint8Array,
  contentType = "image/jpeg",
) {
  const { uploadId } = await createImageUpload(memberId, { contentType, byteSize: bytes.length }, { db });
  await receiveUploadBody(memberId, uploadId, { contentRange: null, body: bodyOf(bytes) }, { db, store });
  return uploadId;
}

/** Test helper: a moment with this photo, processed (the job run at once). */
export async function momentWithPhoto(
  db: Db,
  store: ObjectStore,
  memberId: string,
  bytes: Uint8Array,
  input: Record<string, unknown> = {},
): Promise<MomentView> {
  const uploadId = await uploadPhoto(db, store, memberId, bytes);
  const moment = await createMoment(
    memberId,
    { uploadId, ...input },
    { db, store, kinds: itemKinds, links: camLinks, processNow: false },
  );
  await processPendingImages({ db, store });
  return moment;
}
