/**
 * `BENCH_DATABASE_URL=... npx tsx bench/views-probe.ts [/path ...]` after `npm run build`: what one view
 * of each members' page costs the server, steadier than req/s on a shared machine: the SQL statements
 * one view sends (node-postgres' Client.query, prepared or not; logged by a preload), the HTML's bytes,
 * and the CPU per view of the server and of PostgreSQL over PROBE_VIEWS (40) views one after another
 * (/proc: user + system).
 * A member is signed up and subscribed in Chromium; /today is seeded as members-pages seeds it, the
 * board with 20 items and Cam with 6 moments (through the API), "/lounge" is the table page with the
 * lounge-page section's table (PostgreSQL only). PROBE_PORT (3195); PROBE_SQL=1 lists the statements
 * with their milliseconds,
 * PROBE_HTML_DIR=dir keeps each page's HTML there.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { phoneJpeg } from "../lib/images/__fixtures__/photos";
import { subscribedMemberCookie } from "./lib/member";
import { parseOptions } from "./lib/options";
import { seedToday } from "./lib/today-seed";
import { seedLoungeTableOn } from "./lib/lounge-seed";
import { startProbeServer } from "./lib/probe-server";

async function graphql(baseUrl: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: baseUrl },
      body: JSON.stringify({ query, variables }),
    });
    if (response.status === 429 && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("retry-after") || 1)));
      continue;
    }
    const body = (await response.json()) as { data?: Record<string, Record<string, unknown>> };
    const result = body.data && Object.values(body.data)[0];
    if (!result || (result.statusCode as number) >= 300) throw new Error(JSON.stringify(body).slice(0, 300));
    return result as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}

/** CPU seconds (user + system) of the processes that match, from /proc: the server's group, or PostgreSQL's. */
function cpuSeconds(matches: (fields: string[], command: string) => boolean): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (!matches(fields, command)) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}
const inGroup = (pgid: number) => (fields: string[]) => Number(fields[2]) === pgid;
// PostgreSQL's backends serve the whole machine; nothing else queries it while the probe runs.
const isPostgres = (_: string[], command: string) => command === "postgres";

async function main() {
  const options = parseOptions(process.env, import.meta.dirname);
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/today", "/cam", "/vision-board"];
  const views = Number(process.env.PROBE_VIEWS ?? 40);
  const server = await startProbeServer(options, {
    name: "probe",
    port: Number(process.env.PROBE_PORT ?? 3195),
    env: (dataDir) => ({
      NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "lib", "sql-log-preload.mjs")}`,
      SQL_LOG: path.join(dataDir, "sql.log"),
    }),
  });
  const { baseUrl } = server.app;
  const sqlLog = path.join(path.dirname(server.app.logFile), "sql.log");
  try {
    const cookie = await subscribedMemberCookie(baseUrl, options, console.error, server.outboxFile);
    await seedToday(baseUrl, cookie, { databaseUrl: server.databaseUrl ?? undefined, log: console.error });
    const boards = await graphql(baseUrl, cookie, "query { getMyBoards { statusCode message boards { id kind } } }");
    const boardId = (boards.boards as { id: string; kind: string }[]).find((b) => b.kind === "MINE")!.id;
    for (let i = 0; i < 20; i += 1) {
      const input = i % 2 ? { kind: "WORDS", text: `Words ${i}` } : { kind: "GOAL", title: `Goal ${i}`, why: "why" };
      const added = await graphql(
        baseUrl,
        cookie,
        "mutation($boardId: String!, $input: BoardItemInput!) { addBoardItem(boardId: $boardId, input: $input) { statusCode message item { id } } }",
        { boardId, input },
      );
      if (i % 2 === 0)
        for (const step of [1, 2, 3])
          await graphql(
            baseUrl,
            cookie,
            "mutation($itemId: String!, $title: String!) { addMilestone(itemId: $itemId, title: $title) { statusCode message } }",
            { itemId: added.item.id, title: `Step ${step}` },
          );
    }
    const photo = await phoneJpeg({ width: 1200, height: 900 });
    for (let i = 0; i < 6; i += 1) {
      const ticket = await graphql(
        baseUrl,
        cookie,
        'mutation($byteSize: Int!) { createImageUpload(contentType: "image/jpeg", byteSize: $byteSize) { statusCode message uploadId uploadUrl } }',
        { byteSize: photo.length },
      );
      await fetch(new URL(ticket.uploadUrl, baseUrl), {
        method: "PUT",
        headers: { "content-type": "image/jpeg", cookie, origin: baseUrl },
        body: new Uint8Array(photo),
      });
      await graphql(
        baseUrl,
        cookie,
        "mutation($input: MomentInput!) { createMoment(input: $input) { statusCode message moment { id } } }",
        { input: { uploadId: ticket.uploadId } },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5000)); // the photos processed
    // "/lounge": the table page with the lounge-page section's table (PostgreSQL only).
    if (paths.includes("/lounge")) {
      if (!server.databaseUrl) throw new Error("/lounge: set BENCH_DATABASE_URL (the table is seeded on PostgreSQL)");
      paths.splice(paths.indexOf("/lounge"), 1, `/lounge/${seedLoungeTableOn(server.databaseUrl)}`);
    }
    for (const page of paths) {
      const url = `${baseUrl}${page}`;
      const view = async () => {
        const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
        return body;
      };
      for (let i = 0; i < 5; i += 1) await view();
      writeFileSync(sqlLog, "");
      const html = await view();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const statements = readFileSync(sqlLog, "utf8").split("\n").filter(Boolean);
      const before = cpuSeconds(inGroup(server.app.pid));
      const databaseBefore = cpuSeconds(isPostgres);
      const started = performance.now();
      for (let i = 0; i < views; i += 1) await view();
      const cpuMs = ((cpuSeconds(inGroup(server.app.pid)) - before) * 1000) / views;
      const databaseMs = ((cpuSeconds(isPostgres) - databaseBefore) * 1000) / views;
      const wallMs = (performance.now() - started) / views;
      const prepared = statements.filter((line) => line.startsWith("P")).length;
      console.log(
        `${page}: ${statements.length} statements (${prepared} prepared), ${(Buffer.byteLength(html) / 1024).toFixed(1)} kB HTML, CPU ${cpuMs.toFixed(1)} ms/view (PostgreSQL ${databaseMs.toFixed(1)} ms), wall ${wallMs.toFixed(1)} ms/view (${views} views one by one)`,
      );
      if (process.env.PROBE_HTML_DIR)
        writeFileSync(path.join(process.env.PROBE_HTML_DIR, `${page.split("/")[1]}.html`), html);
      if (process.env.PROBE_SQL) for (const line of statements) console.log(`    ${line}`);
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
