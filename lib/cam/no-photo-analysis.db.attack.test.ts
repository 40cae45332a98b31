import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../db/testing";
import { jobs } from "../db/schema";
import { phoneJpeg } from "../images/__fixtures__/photos";
import { runDueJobs } from "../jobs";
import { installObjectStore } from "../storage";
import { processPendingImages } from "../uploads";
import { jobHandlers } from "../features";
import { joinLounge, LOUNGE_RULES_VERSION, postToLounge } from "../lounge";
import { LOUNGE_TABLES, roomId, uploadedPhoto } from "../lounge/testing";
import { CAM_TABLES, momentWithPhoto, temporaryStore } from "./testing";

/**
 * The site promises Cam "no AI analysis of your photos". The Lounge's offline classifier (lib/images
 * classify.ts) is replaced by a recorder: a Cam photo goes through its whole path (upload, processing,
 * then every job every feature registers) and the recorder is never called. The same run with a
 * Lounge post's photo calls it once, so the recorder does see a classification when there is one.
 */
const classify = vi.hoisted(() => vi.fn());
vi.mock("../images/classify", () => ({ classifyImage: classify }));

const database = useTestDatabase([...CAM_TABLES, ...LOUNGE_TABLES, jobs]);
let temp: Awaited<ReturnType<typeof temporaryStore>>;
beforeAll(async () => {
  temp = await temporaryStore();
  installObjectStore(temp.store);
});
afterAll(() => temp.remove());
beforeEach(() => {
  classify.mockReset();
  classify.mockResolvedValue({ drawing: 0, hentai: 0, neutral: 1, porn: 0, sexy: 0 });
});

/** Every due job of every feature, as the job timer runs them, a few times over (retries included). */
async function runEveryJob() {
  for (let round = 0; round < 3; round++)
    await runDueJobs(jobHandlers, { db: database.db, now: new Date(Date.now() + round * 3_600_000) });
}

describe("Happr Cam photos are never classified", () => {
  it("a moment's photo is processed and served, and the classifier is never called", async () => {
    const moment = await momentWithPhoto(database.db, temp.store, "cam-owner", await phoneJpeg());
    expect(moment.image).not.toBeNull();
    await runEveryJob();
    expect(classify).not.toHaveBeenCalled();
    // Nothing was even scheduled for a check.
    expect((await database.db.select().from(jobs)).map((job) => job.kind)).not.toContain("lounge-photo-check");
  });

  it("the control: a Lounge post's photo, through the same run, is classified once", async () => {
    const options = { db: database.db, publish: async () => "1" };
    await joinLounge(
      { memberId: "poster", name: null },
      { loungeName: "Garden Fan", rulesVersion: LOUNGE_RULES_VERSION },
      options,
    );
    const uploadId = await uploadedPhoto(database.db, "poster");
    const room = await roomId(database.db, "family-life");
    // Rooms close at night by the member's clock (UTC here): posted at noon, the photo processed at once.
    const noon = new Date("2026-03-11T12:00:00Z");
    await postToLounge(
      "poster",
      { roomId: room, text: "My garden", imageUploadId: uploadId },
      { ...options, now: noon },
    );
    await processPendingImages({ db: database.db, store: temp.store });
    await runEveryJob();
    expect(classify).toHaveBeenCalledTimes(1);
  });
});
