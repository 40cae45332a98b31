import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The data Today (/today) is measured with, for the member whose cookie the members-pages section
 * holds: 20 habits of every kind and schedule, a month of events from today (one a day, and a weekly
 * one), written through the app's own API with the member's session cookie (so it reaches whichever
 * database the server runs on); and, given the server's PostgreSQL database, a circle of six: the
 * member and five others, each sharing events and a habit with the circle since the member's last
 * visit. (The embedded PGlite's files are held by the running server: no circle there.)
 */

const HABIT_SCHEDULES = [
  "schedule: DAILY",
  "schedule: WEEKDAYS, weekdays: [1, 3, 5]",
  "schedule: TIMES_PER_WEEK, timesPerWeek: 3",
];
const DAY = 86_400;

/** The API's limit of aliases in one operation (graphql/server.ts): the seed's mutations go in batches of it. */
const ALIASES_PER_OPERATION = 15;

async function mutateInBatches(baseUrl: string, cookie: string, fields: string[]) {
  const answers: Awaited<ReturnType<typeof graphql>> = {};
  for (let i = 0; i < fields.length; i += ALIASES_PER_OPERATION)
    Object.assign(
      answers,
      await graphql(baseUrl, cookie, `mutation { ${fields.slice(i, i + ALIASES_PER_OPERATION).join("\n")} }`),
    );
  return answers;
}

async function graphql(baseUrl: string, cookie: string, query: string) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: baseUrl },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as {
    data?: Record<string, { statusCode: number; message: string; habit?: { ownerId: string } }>;
    errors?: unknown;
  };
  if (!response.ok || body.errors || !body.data)
    throw new Error(`today seed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  for (const [alias, result] of Object.entries(body.data))
    if (result.statusCode >= 300)
      throw new Error(`today seed: ${alias} answered ${result.statusCode} ${result.message}`);
  return body.data;
}

export async function seedToday(
  baseUrl: string,
  cookie: string,
  { databaseUrl, log }: { databaseUrl?: string; log: (message: string) => void },
): Promise<void> {
  log("members-pages: seeding /today (20 habits, a month of events)");
  const habits = Array.from({ length: 20 }, (_, i) => {
    const kind = (["CHECK", "COUNT", "MINUTES"] as const)[i % 3];
    const target = kind === "CHECK" ? "" : ", target: 8";
    return `h${i}: createHabit(input: { title: "Habit ${i + 1}", kind: ${kind}${target}, restDaysPerWeek: 1, ${HABIT_SCHEDULES[i % 3]} }) { statusCode message habit { ownerId } }`;
  });
  const created = await mutateInBatches(baseUrl, cookie, habits);
  const memberId = created.h0!.habit!.ownerId;
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const events = Array.from({ length: 30 }, (_, i) => {
    const start = today + i * DAY + 17 * 3600;
    return `e${i}: createEvent(input: { title: "Event ${i + 1}", start: ${start}, end: ${start + 3600}, timezone: "UTC", visibility: PRIVATE }) { statusCode message }`;
  });
  events.push(
    `weekly: createEvent(input: { title: "Weekly swim", start: ${today + 7 * 3600}, end: ${today + 8 * 3600}, timezone: "UTC", rrule: "FREQ=WEEKLY;COUNT=5", visibility: PRIVATE }) { statusCode message }`,
  );
  await mutateInBatches(baseUrl, cookie, events);
  if (!databaseUrl) return;

  log("members-pages: seeding /today's circle of six on PostgreSQL");
  // lib's stores are server-only (the `react-server` condition), which this process is not run with:
  // the circle is written by a child tsx process that is.
  execFileSync(
    process.execPath,
    [
      path.join("node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      fileURLToPath(import.meta.url),
      databaseUrl,
      memberId,
    ],
    { stdio: "inherit", timeout: 300_000 },
  );
}

/** The circle of six (the member and five others, each sharing events and a habit), on `databaseUrl`. */
async function seedTodayCircle(databaseUrl: string, memberId: string) {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const { openDatabase } = await import("@/lib/db/open");
  const { installDatabase } = await import("@/lib/db/client");
  const { makeCircle } = await import("@/lib/circles/testing");
  const { createEvent } = await import("@/lib/calendar/store");
  const { createHabit } = await import("@/lib/habits/store");
  const { shareItem } = await import("@/lib/circles/sharing");
  const { itemKinds } = await import("@/lib/features");
  const { circleMemberships } = await import("@/lib/db/schema/circles");
  const { eq, and } = await import("drizzle-orm");
  const database = await openDatabase({ kind: "postgres", url: databaseUrl });
  installDatabase(database);
  const db = database.db;
  try {
    const others = [1, 2, 3, 4, 5].map((n) => `bench-today-person-${n}-${memberId.slice(0, 8)}`);
    const circleId = await makeCircle(db, memberId, Object.fromEntries(others.map((id) => [id, "member" as const])));
    for (const [n, id] of others.entries()) {
      await db
        .update(circleMemberships)
        .set({ name: `Person ${n + 1}` })
        .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.memberId, id)));
      for (let i = 0; i < 4; i++) {
        const start = today + (i * 7 + n) * DAY + 9 * 3600;
        await createEvent(
          id,
          { title: `Circle event ${n + 1}.${i + 1}`, start, end: start + 3600, timezone: "UTC", visibility: "circle" },
          { db },
        );
      }
      const habit = await createHabit(id, { title: `Shared habit ${n + 1}`, kind: "CHECK", schedule: "DAILY" }, { db });
      await shareItem(
        id,
        { itemType: "habit", itemId: habit.id, circleId, permission: "view" },
        { db, kinds: itemKinds },
      );
    }
  } finally {
    await database.close();
  }
}

// Run as a script (by seedToday above): node tsx --conditions=react-server today-seed.ts <databaseUrl> <memberId>.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [databaseUrl, memberId] = process.argv.slice(2);
  if (!databaseUrl || !memberId) throw new Error("today-seed.ts <databaseUrl> <memberId>");
  await seedTodayCircle(databaseUrl, memberId);
}
