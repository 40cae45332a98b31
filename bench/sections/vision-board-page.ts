import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../e2e/support/app-instances";
import { phoneJpeg } from "../../lib/images/__fixtures__/photos";
import { fixed, ms } from "../lib/format";
import { subscribedMemberCookie } from "../lib/member";
import type { Section } from "../lib/section";
import { findFreePort, startNextApp, tail, type RunningApp } from "../lib/server";
import { measurePagesInRounds, sizeMatchedBaseline, sizeMatchedRows, type PageTarget } from "../lib/page-rounds";
import type { RoundsSummary as Summary } from "../lib/throughput";

/**
 * My Vision Board (issue 41): the board page `/vision-board` signed in, its "My board" holding ITEMS
 * items written through the API (10 photos through the image pipeline, 20 goals with three
 * milestones each, 15 words, 15 colours), against the baseline app's `/session` (a bare page reading
 * the same session) in the same rounds, on a `next start` of the main build of its own (PostgreSQL
 * with BENCH_DATABASE_URL, else an embedded database in a temporary folder), as the `cam` section
 * measures `/cam`.
 */

const ITEMS = 60;
const PHOTOS = 10;
/** Issue 41's goal: the board page / the session baseline on PostgreSQL. */
const PAGE_GOAL = 0.5;

/** How many times one call waits out a 429 before the seeding gives up. */
const RATE_LIMIT_RETRIES = 5;

/**
 * One GraphQL call as the member. The seeding sends more than the member's 300 calls a minute
 * (MEMBER_RATES.graphql), so a 429 is waited out for as long as its Retry-After says (seconds, at
 * most a minute's window) and the call sent again, a bounded number of times.
 */
async function graphql<T>(baseUrl: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: baseUrl },
      body: JSON.stringify({ query, variables }),
    });
    if (response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) break;
    await response.body?.cancel();
    const seconds = Math.min(Math.max(Number(response.headers.get("retry-after")) || 1, 1), 60);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
  const body = (await response.json()) as { data?: Record<string, T & { statusCode: number; message: string }> };
  const result = body.data && Object.values(body.data)[0];
  if (!result || result.statusCode >= 300) throw new Error(`vision-board: ${JSON.stringify(body).slice(0, 300)}`);
  return result;
}

/** A photo by the app's own protocol (createImageUpload, then the bytes by PUT): its upload id. */
async function upload(baseUrl: string, cookie: string, photo: Buffer): Promise<string> {
  const ticket = await graphql<{ uploadId: string; uploadUrl: string }>(
    baseUrl,
    cookie,
    'mutation($byteSize: Int!) { createImageUpload(contentType: "image/jpeg", byteSize: $byteSize) { statusCode message uploadId uploadUrl } }',
    { byteSize: photo.length },
  );
  const put = await fetch(new URL(ticket.uploadUrl, baseUrl), {
    method: "PUT",
    headers: { "content-type": "image/jpeg", cookie, origin: baseUrl },
    body: new Uint8Array(photo),
  });
  if (put.status !== 200) throw new Error(`vision-board: PUT ${ticket.uploadUrl} answered ${put.status}`);
  return ticket.uploadId;
}

type BoardItem = { id: string; kind: string; image: { url: string } | null };
const boardOf = (baseUrl: string, cookie: string, boardId: string) =>
  graphql<{ board: { items: BoardItem[] } }>(
    baseUrl,
    cookie,
    "query($boardId: String!) { getBoard(boardId: $boardId) { statusCode message board { items { id kind image { url } } } } }",
    { boardId },
  );

/** The board's items through the API, one by one as a member adds them. */
async function seedBoard(baseUrl: string, cookie: string, log: (message: string) => void): Promise<string> {
  const boards = await graphql<{ boards: { id: string; kind: string }[] }>(
    baseUrl,
    cookie,
    "query { getMyBoards { statusCode message boards { id kind } } }",
  );
  const boardId = boards.boards.find((board) => board.kind === "MINE")?.id ?? boards.boards[0]!.id;
  const add = (input: Record<string, unknown>) =>
    graphql<{ item: { id: string } }>(
      baseUrl,
      cookie,
      "mutation($boardId: String!, $input: BoardItemInput!) { addBoardItem(boardId: $boardId, input: $input) { statusCode message item { id } } }",
      { boardId, input },
    );
  const photo = await phoneJpeg({ width: 1200, height: 900 });
  log(`vision-board: seeding ${ITEMS} items (${PHOTOS} photos)`);
  for (let i = 0; i < ITEMS; i += 1) {
    if (i < PHOTOS) {
      await add({ kind: "PHOTO", uploadId: await upload(baseUrl, cookie, photo), title: `Photo ${i + 1}` });
    } else if (i % 3 === 0) {
      const goal = await add({
        kind: "GOAL",
        title: `Goal ${i}`,
        why: `Why goal ${i} matters`,
        ...(i % 2 === 0 ? { targetCount: 12, countDone: i % 12, targetUnit: "books" } : {}),
      });
      for (const step of [1, 2, 3])
        await graphql(
          baseUrl,
          cookie,
          "mutation($itemId: String!, $title: String!) { addMilestone(itemId: $itemId, title: $title) { statusCode message } }",
          { itemId: goal.item.id, title: `Step ${step}` },
        );
    } else if (i % 3 === 1) {
      await add({ kind: "WORDS", text: `Words ${i}: small steps, every week` });
    } else {
      await add({ kind: "COLOUR", colour: `#${(0x336699 + i * 4099).toString(16).slice(-6)}` });
    }
  }
  // The photos processed (the job runs in the server), as a member would see them.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { board } = await boardOf(baseUrl, cookie, boardId);
    const waiting = board.items.filter((item) => item.kind === "PHOTO" && !item.image).length;
    if (board.items.length !== ITEMS) throw new Error(`vision-board: the board has ${board.items.length} items`);
    if (waiting === 0) break;
    if (Date.now() > deadline) throw new Error(`vision-board: ${waiting} photo(s) still processing after 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return boardId;
}

export const visionBoardPageSection: Section = {
  name: "vision-board-page",
  title: `My Vision Board: the board page with ${ITEMS} items signed in, against the session baseline`,
  async run(ctx) {
    const { options, baseline, log } = ctx;
    const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
    const database = scratch ? "postgres" : "pglite";
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-board-"));
    const outboxFile = path.join(dataDir, "outbox.ndjson");
    let app: RunningApp | undefined;
    try {
      const port = await findFreePort(options.baselinePort + 5, [baseline.port]);
      log(`vision-board: next start of the main build on ${database} (port ${port})`);
      app = await startNextApp({
        name: "vision-board",
        rootDir: options.rootDir,
        appDir: options.mainDir,
        host: options.host,
        port,
        logFile: path.join(options.resultsDir, "vision-board-server.log"),
        timeoutMs: 120_000,
        env: {
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
          DATA_DIR: dataDir,
          OUTBOX_FILE: outboxFile,
          SITE_URL: `http://${options.host}:${port}`,
        },
      });
      const cookie = await subscribedMemberCookie(app.baseUrl, options, log, outboxFile);
      const boardId = await seedBoard(app.baseUrl, cookie, log);

      const targets: PageTarget[] = [
        { key: "baseline", label: "baseline /session", url: `${baseline.baseUrl}/session`, mustShow: "Signed in as" },
        {
          key: "board",
          label: `/vision-board (${ITEMS} items)`,
          url: `${app.baseUrl}/vision-board?board=${boardId}`,
          mustShow: `Words ${ITEMS - 2}`,
        },
      ];
      targets.push(await sizeMatchedBaseline(baseline.baseUrl, targets[1]!.url, cookie));
      const { summaries: s, runs } = await measurePagesInRounds(
        `vision-board (${database})`,
        targets,
        cookie,
        options,
        log,
      );
      const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
      const ratio = s.board!.requestsPerSecond / s.baseline!.requestsPerSecond;
      const row = (label: string, summary: Summary, shown: string, goal: string) => [
        `${database}: ${label}`,
        fixed(summary.requestsPerSecond, 1),
        ms(summary.p50Ms),
        ms(summary.p95Ms),
        ms(summary.p99Ms),
        String(summary.non2xx),
        shown,
        goal,
      ];
      const belowGoal: string[] = [];
      if (database === "postgres" && ratio < PAGE_GOAL)
        belowGoal.push(`postgres /vision-board: ${ratio.toFixed(2)} of the session baseline (goal ≥ ${PAGE_GOAL})`);
      const sized = sizeMatchedRows(
        database,
        targets[1]!.label,
        targets[2]!.label,
        { page: s.board!, sized: s.sized!, baseline: s.baseline! },
        row,
      );
      return {
        table: {
          head: ["measurement", "req/s", "p50", "p95", "p99", "non-2xx", "ratio", "goal"],
          rows: [
            row(targets[0]!.label, s.baseline!, "1.00", ""),
            row(
              targets[1]!.label,
              s.board!,
              ratio.toFixed(2),
              database === "postgres" ? `≥ ${PAGE_GOAL}` : "(reported)",
            ),
            ...sized.rows,
          ],
        },
        notes: [
          `${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s, ${throughputRounds} round(s) in alternating order, median; the ratio against the baseline of the same rounds`,
          `the board: ${PHOTOS} photos (processed), 20 goals with three milestones each, 15 words, 15 colours, all added through the API`,
          ...(scratch ? [] : ["set BENCH_DATABASE_URL to measure on PostgreSQL (the goal's database)"]),
        ],
        belowGoal,
        data: { database, summaries: s, runs, ratio, sizedRatio: sized.sizedRatio, ofItsSize: sized.ofItsSize },
      };
    } catch (error) {
      throw new Error(`${(error as Error).message}${app ? `; server log: ${tail(app.logFile, 5)}` : ""}`);
    } finally {
      await app?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  },
};
