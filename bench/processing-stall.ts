/**
 * What a photo's processing costs everyone else on the server's database: a 12-megapixel JPEG
 * (bench/lib/twelve-megapixel-jpeg.ts) through the real processing job (`processPendingImages`: the
 * decode, the derivatives, the image marked ready) while a small read (`select 1`, as any page's
 * first query) is sent every 20 ms. Prints per run the processing time and the slowest read meanwhile,
 * beside the slowest of the same reads with nothing processing (the baseline, in the same run).
 * Before lib/jobs' SlowJobHandler the job decoded inside its transaction, which on the embedded
 * database has the one session to itself: the read waited for the whole processing.
 *
 *   npx tsx --conditions=react-server bench/processing-stall.ts [runs=3]
 *
 * PGlite in memory; with BENCH_DATABASE_URL a scratch database on that PostgreSQL server (dropped
 * afterwards). Figures are reported, not asserted.
 */
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../lib/db/testing";
import { camLinks, itemKinds } from "../lib/features";
import { createMoment } from "../lib/cam";
import { temporaryStore, uploadPhoto } from "../lib/cam/testing";
import { processPendingImages } from "../lib/uploads";
import { twelveMegapixelJpeg } from "./lib/twelve-megapixel-jpeg";
import { ms } from "./lib/format";

const READ_EVERY_MS = 20;
const runs = Number(process.argv[2] ?? 3);

async function main() {
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL);
  const temp = await temporaryStore();
  const { db } = database;
  const store = temp.store;
  const photo = await twelveMegapixelJpeg();
  const read = async () => {
    const started = performance.now();
    await db.execute(sql`select 1`);
    return performance.now() - started;
  };
  /** The slowest read, sent every READ_EVERY_MS until `until` settles (at least one). */
  const slowestReadUntil = async (until: Promise<unknown>) => {
    let settled = false;
    void until.finally(() => (settled = true));
    const waits: number[] = [];
    do {
      waits.push(await read());
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    } while (!settled);
    return { slowest: Math.max(...waits), reads: waits.length };
  };
  try {
    console.log(`${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}: a 12 MP JPEG (${photo.length} B)`);
    for (let run = 1; run <= runs; run += 1) {
      const uploadId = await uploadPhoto(db, store, "bench-member", photo);
      await createMoment(
        "bench-member",
        { uploadId },
        { db, store, kinds: itemKinds, links: camLinks, processNow: false },
      );
      const idle = await slowestReadUntil(new Promise((resolve) => setTimeout(resolve, 600)));
      const started = performance.now();
      const processing = processPendingImages({ db, store }).then(() => performance.now() - started);
      const during = await slowestReadUntil(processing);
      console.log(
        `run ${run}: processing ${ms(await processing)}; slowest read meanwhile ${ms(during.slowest)} (${during.reads} reads); ` +
          `with nothing processing ${ms(idle.slowest)} (${idle.reads} reads)`,
      );
    }
  } finally {
    await temp.remove();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
