import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../e2e/support/app-instances";
import { phoneJpeg } from "../../lib/images/__fixtures__/photos";
import { twelveMegapixelJpeg } from "../lib/twelve-megapixel-jpeg";
import { fixed, median, ms } from "../lib/format";
import { subscribedMemberCookie } from "../lib/member";
import { sizeMatchedBaseline, sizeMatchedRows } from "../lib/page-rounds";
import type { Section } from "../lib/section";
import { findFreePort, startNextApp, tail, type RunningApp } from "../lib/server";
import {
  measureThroughput,
  summariseRounds as summarise,
  type RoundsSummary as Summary,
  type ThroughputResult,
} from "../lib/throughput";

/**
 * Happr Cam (issue 40), on a `next start` of the main build of its own (on PostgreSQL with
 * BENCH_DATABASE_URL, else on an embedded database in a temporary folder), with a subscribed member:
 *
 * - a 12-megapixel JPEG (4032 × 3024, photo-like noise, EXIF with GPS, XMP, IPTC) through the real
 *   path: createImageUpload, PUT to the upload route, createMoment, then the processing job; the time
 *   from createMoment until the moment's image is ready (polled every 50 ms), and the server's peak
 *   RSS (VmHWM over its process group) before and after;
 * - the timeline `/cam` signed in, with MOMENTS moments (processed photos, notes, some habits'),
 *   against the baseline app's `/session` (a bare page reading the same session) in the same rounds;
 * - one photo's display image (`/api/images/<id>/display`, the sharing rule checked and the bytes
 *   streamed from the object store) against a static file of the same size from the same server
 *   (`public/`, written before the server starts and removed after).
 */

const MOMENTS = 60;
/** Issue 40's goal: the timeline / the session baseline on PostgreSQL. */
const PAGE_GOAL = 0.5;
const STATIC_FILE = "bench-cam-static.webp";

type Moment = { id: string; image: { url: string } | null };

async function graphql<T>(baseUrl: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: baseUrl },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, T & { statusCode: number; message: string }> };
  const result = body.data && Object.values(body.data)[0];
  if (!result || result.statusCode >= 300) throw new Error(`cam: ${JSON.stringify(body).slice(0, 300)}`);
  return result;
}

/** A photo through the app's own protocol: the upload, the bytes by PUT, the moment; answers its id. */
async function addMoment(baseUrl: string, cookie: string, photo: Buffer, input: Record<string, string>) {
  const upload = await graphql<{ uploadId: string; uploadUrl: string }>(
    baseUrl,
    cookie,
    'mutation($byteSize: Int!) { createImageUpload(contentType: "image/jpeg", byteSize: $byteSize) { statusCode message uploadId uploadUrl } }',
    { byteSize: photo.length },
  );
  const put = await fetch(new URL(upload.uploadUrl, baseUrl), {
    method: "PUT",
    headers: { "content-type": "image/jpeg", cookie, origin: baseUrl },
    body: new Uint8Array(photo),
  });
  if (put.status !== 200) throw new Error(`cam: PUT ${upload.uploadUrl} answered ${put.status} ${await put.text()}`);
  const created = await graphql<{ moment: Moment }>(
    baseUrl,
    cookie,
    "mutation($input: MomentInput!) { createMoment(input: $input) { statusCode message moment { id image { url } } } }",
    { input: { uploadId: upload.uploadId, ...input } },
  );
  return created.moment.id;
}

async function momentsOf(baseUrl: string, cookie: string): Promise<Moment[]> {
  const result = await graphql<{ moments: Moment[] }>(
    baseUrl,
    cookie,
    "query { getMyMoments(limit: 100) { statusCode message moments { id image { url } } } }",
  );
  return result.moments;
}

/** Polls until every moment's image is ready (every 50 ms, at most `seconds`). */
async function untilProcessed(baseUrl: string, cookie: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const moments = await momentsOf(baseUrl, cookie);
    if (moments.every((moment) => moment.image)) return moments;
    if (Date.now() > deadline)
      throw new Error(`cam: ${moments.filter((m) => !m.image).length} photo(s) still processing after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const camSection: Section = {
  name: "cam",
  title: "Happr Cam: a 12-megapixel photo through the job, the timeline signed in, an image against a static file",
  async run(ctx) {
    const { options, baseline, log } = ctx;
    const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
    const database = scratch ? "postgres" : "pglite";
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-cam-"));
    const outboxFile = path.join(dataDir, "outbox.ndjson");
    const staticPath = path.join(options.mainDir, "public", STATIC_FILE);
    let app: RunningApp | undefined;
    try {
      // The static file has the display image's size, known once a photo is processed: the server
      // seeds, then starts again with the file in public/ (next start lists public/ when it starts).
      const port = await findFreePort(options.baselinePort + 4, [baseline.port]);
      const start = () =>
        startNextApp({
          name: "cam",
          rootDir: options.rootDir,
          appDir: options.mainDir,
          host: options.host,
          port,
          logFile: path.join(options.resultsDir, "cam-server.log"),
          timeoutMs: 120_000,
          env: {
            ...(scratch ? { DATABASE_URL: scratch.url } : {}),
            DATA_DIR: dataDir,
            OUTBOX_FILE: outboxFile,
            SITE_URL: `http://${options.host}:${port}`,
          },
        });
      log(`cam: next start of the main build on ${database} (port ${port})`);
      app = await start();
      const cookie = await subscribedMemberCookie(app.baseUrl, options, log, outboxFile);

      // The 12-megapixel photo, alone on the server, with its memory before and after.
      const big = await twelveMegapixelJpeg();
      const rssBefore = app.peakRssMb();
      log(`cam: a 12-megapixel JPEG (${(big.length / 1024 / 1024).toFixed(1)} MB) through upload and job`);
      const bigTimes: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const uploadStarted = performance.now();
        await addMoment(app.baseUrl, cookie, big, { alt: "A large photo", note: `Large ${run + 1}` });
        const created = performance.now();
        await untilProcessed(app.baseUrl, cookie, 120);
        bigTimes.push(performance.now() - created);
        log(
          `cam: 12 MP run ${run + 1}: upload+create ${ms(created - uploadStarted)}, processed ${ms(bigTimes.at(-1)!)}`,
        );
      }
      const rssAfter = app.peakRssMb();

      log(`cam: seeding ${MOMENTS} moments`);
      const photo = await phoneJpeg({ width: 1200, height: 900 });
      for (let i = 3; i < MOMENTS; i += 1) {
        const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
        await addMoment(app.baseUrl, cookie, photo, { alt: `Photo ${i + 1}`, note: `Moment ${i + 1}`, day });
      }
      const moments = await untilProcessed(app.baseUrl, cookie, 300);
      const imageUrl = new URL(moments.at(-1)!.image!.url, app.baseUrl).toString();
      const image = Buffer.from(await (await fetch(imageUrl, { headers: { cookie } })).arrayBuffer());

      // The measured server: the same build and data, with a static file of the image's size in public/.
      writeFileSync(staticPath, image);
      await app.stop();
      app = await start();
      // mustShow: what the page must show; without it (the image and the file), the image's bytes.
      const targets: { key: string; label: string; url: string; mustShow?: string }[] = [
        { key: "baseline", label: "baseline /session", url: `${baseline.baseUrl}/session`, mustShow: "Signed in as" },
        { key: "timeline", label: `/cam (${MOMENTS} moments)`, url: `${app.baseUrl}/cam`, mustShow: "Moment 4" },
        { key: "image", label: `/api/images/…/display (${image.length} B)`, url: imageUrl },
        { key: "static", label: `/${STATIC_FILE} (public/, same size)`, url: `${app.baseUrl}/${STATIC_FILE}` },
        await sizeMatchedBaseline(baseline.baseUrl, `${app.baseUrl}/cam`, cookie),
      ];
      for (const target of targets) {
        const response = await fetch(target.url, { headers: { cookie }, redirect: "manual" });
        const body = Buffer.from(await response.arrayBuffer());
        const shows = target.mustShow ? body.toString("utf8").includes(target.mustShow) : body.length === image.length;
        if (response.status !== 200 || !shows) throw new Error(`cam: ${target.url} answered ${response.status}`);
      }
      const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
      const runs: Record<string, ThroughputResult[]> = Object.fromEntries(targets.map((t) => [t.key, []]));
      for (let round = 1; round <= throughputRounds; round += 1) {
        for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
          log(`cam (${database}): ${target.url} round ${round}/${throughputRounds}`);
          runs[target.key]!.push(
            await measureThroughput({
              url: target.url,
              connections,
              durationSeconds,
              warmupSeconds,
              request: { headers: { cookie } },
            }),
          );
        }
      }
      const s = Object.fromEntries(targets.map((t) => [t.key, summarise(runs[t.key]!)]));
      const timelineRatio = s.timeline!.requestsPerSecond / s.baseline!.requestsPerSecond;
      const imageRatio = s.image!.requestsPerSecond / s.static!.requestsPerSecond;
      const row = (label: string, summary: Summary, ratio: string, goal: string) => [
        `${database}: ${label}`,
        fixed(summary.requestsPerSecond, 1),
        ms(summary.p50Ms),
        ms(summary.p95Ms),
        ms(summary.p99Ms),
        String(summary.non2xx),
        ratio,
        goal,
      ];
      const belowGoal: string[] = [];
      if (database === "postgres" && timelineRatio < PAGE_GOAL)
        belowGoal.push(`postgres /cam: ${timelineRatio.toFixed(2)} of the session baseline (goal ≥ ${PAGE_GOAL})`);
      const processing = { medianMs: median(bigTimes), runsMs: bigTimes, bytes: big.length };
      const sized = sizeMatchedRows(
        database,
        targets[1]!.label,
        targets[4]!.label,
        { page: s.timeline!, sized: s.sized!, baseline: s.baseline! },
        row,
      );
      return {
        table: {
          head: ["measurement", "req/s", "p50", "p95", "p99", "non-2xx", "ratio", "goal"],
          rows: [
            row(targets[0]!.label, s.baseline!, "1.00", ""),
            row(
              targets[1]!.label,
              s.timeline!,
              timelineRatio.toFixed(2),
              database === "postgres" ? `≥ ${PAGE_GOAL}` : "(reported)",
            ),
            ...sized.rows,
            row(targets[3]!.label, s.static!, "1.00", ""),
            row(targets[2]!.label, s.image!, imageRatio.toFixed(2), "(reported)"),
            [
              `12 MP JPEG (${(big.length / 1024 / 1024).toFixed(1)} MB): createMoment to ready`,
              ms(processing.medianMs),
              `runs ${bigTimes.map((t) => ms(t)).join(", ")}`,
              "",
              "",
              "",
              "",
              "",
            ],
            [
              "server peak RSS before / after the three 12 MP photos",
              `${fixed(rssBefore ?? null)} / ${fixed(rssAfter ?? null)} MB`,
              "",
              "",
              "",
              "",
              "",
              "",
            ],
          ],
        },
        notes: [
          `${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s, ${throughputRounds} round(s) in alternating order, median; ratios against the baseline (or the static file) of the same rounds`,
          "the 12 MP time includes the job's pick-up and the 50 ms polling of getMyMoments; the in-process pipeline alone: npx tsx bench/image-processing.ts",
          ...(scratch ? [] : ["set BENCH_DATABASE_URL to measure on PostgreSQL (the goal's database)"]),
        ],
        belowGoal,
        data: {
          database,
          summaries: s,
          runs,
          processing,
          sizedRatio: sized.sizedRatio,
          ofItsSize: sized.ofItsSize,
          rssBeforeMb: rssBefore,
          rssAfterMb: rssAfter,
        },
      };
    } catch (error) {
      throw new Error(`${(error as Error).message}${app ? `; server log: ${tail(app.logFile, 5)}` : ""}`);
    } finally {
      await app?.stop();
      rmSync(staticPath, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  },
};
