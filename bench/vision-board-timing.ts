/**
 * In-process timing of the Vision Board's reads (issue 41's bench goals), cheap beside the HTTP
 * sections: a member with the API section's 60 items (seeded as bench/servers/api-server.ts
 * `vision-board` does, without the other families), then lib/vision-board's `getBoard` (what the API
 * section's resolver calls) and `loadBoardPage` (the page's loader), 200 times each (N= to change),
 * with the CPU this process spends per call (less swayed by a loaded machine than the wall clock) and
 * the SQL statements one call sends.
 *
 *   BENCH_DATABASE_URL=postgres://... npx tsx --conditions=react-server bench/vision-board-timing.ts
 * (PGlite without it.)
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { getDb } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { createHabit } from "@/lib/habits/store";
import { boardLinks } from "@/lib/features";
import { addBoardItem, addMilestone, completeMilestone, getBoard, getMyBoards } from "@/lib/vision-board";
import { loadBoardPage } from "@/lib/vision-board/page";

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

async function seed(memberId: string) {
  const db = await getDb();
  const options = { db, links: boardLinks };
  const [mine] = await getMyBoards(memberId, options);
  const habitIds: string[] = [];
  for (let i = 0; i < 10; i++)
    habitIds.push(
      (await createHabit(memberId, { title: `Habit ${i + 1}`, kind: "CHECK", schedule: "DAILY" }, { db })).id,
    );
  for (let i = 0; i < 60; i++) {
    const n = Math.floor(i / 3) + 1;
    const input =
      i % 3 === 0
        ? {
            kind: "GOAL",
            title: `Goal ${n}`,
            why: `Why goal ${n} matters`,
            area: "health",
            ...(n % 2 === 0 ? { targetCount: 12, countDone: n % 12, targetUnit: "books" } : {}),
            ...(n <= 5 ? { habitIds: habitIds.slice((n - 1) * 2, n * 2) } : {}),
          }
        : i % 3 === 1
          ? { kind: "WORDS", text: `Words ${n}: small steps, every week` }
          : { kind: "COLOUR", colour: `#${(0x336699 + i * 4099).toString(16).slice(-6)}` };
    const item = await addBoardItem(memberId, mine!.id, input, options);
    if (item.kind === "goal") {
      let first = "";
      for (const step of [1, 2, 3]) {
        const withStep = await addMilestone(memberId, item.id, `Step ${step}`, null, options);
        first ||= withStep.milestones[0]!.id;
      }
      await completeMilestone(memberId, first, true, options);
    }
  }
  return mine!.id;
}

async function time(name: string, run: () => Promise<unknown>, n = 200) {
  for (let i = 0; i < 20; i++) await run();
  statements = 0;
  await run();
  const perCall = statements;
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / n;
  console.log(
    `${name}: mean ${mean.toFixed(2)} ms, p50 ${times[n >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(n * 0.9)]!.toFixed(2)} ms, this process's CPU ${((used.user + used.system) / n / 1000).toFixed(2)} ms/call, ${perCall} SQL statements`,
  );
}

async function main() {
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL);
  try {
    const email = `bench.${randomBytes(4).toString("hex")}@example.com`;
    const { accountId } = await signUpNew(
      { email, password: "Bench-Mark-42!", givenName: "Bench", familyName: "Member" },
      { mfa: "optional" },
    );
    await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, { mfa: "optional" });
    const boardId = await seed(accountId);
    const db = await getDb();
    await time(
      "getBoard (lib)",
      () => getBoard(accountId, boardId, { db, links: boardLinks }),
      Number(process.env.N ?? 200),
    );
    await time(
      "loadBoardPage (lib)",
      () => loadBoardPage(accountId, undefined, { db, links: boardLinks }),
      Number(process.env.N ?? 200),
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
