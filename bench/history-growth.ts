/**
 * Costs that do not grow with history (issue 43, goal 4), in process: three members in one database,
 * holding 1x, 10x and 100x a member's data, among 1,000 other families; then the members' reads
 * (what the API's resolvers call) for each of the three in alternating rounds, and the curve: the
 * median wall time per read at each scale, this process's CPU per read, and the 100x / 1x ratio
 * against the goal (at most 1.5).
 *
 * A member's data at 1x, as the API sections seed it: 20 habits with a year of entries; a circle of
 * six with 200 events over December 2026 to February 2027 (the agenda asks for January 2027); 60
 * moments, a third shared with the circle; "My board" of 60 items (20 goals with three milestones,
 * five linked to two habits); a Lounge table with 50 posts. At 10x and 100x: that many years of
 * entries; events before the measured month (the circle's, a half shared with the member by name: the
 * shares grow too); older moments; more boards (20 extra at most, of up to 200 items: the caps make
 * 100x about 70x here) and cheers on the goals; older posts at the table. The measured answer stays
 * the same size (a month, a page, one board): what grows is what it must not read.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=react-server bench/history-growth.ts
 * (PGlite without it; N= calls per read and round, 40 by default; ROUNDS=, 3.)
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { createTestDatabase } from "@/lib/db/testing";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { createHabit, getMyHabits } from "@/lib/habits/store";
import { createEvent, getAgenda } from "@/lib/calendar/store";
import { makeCircle } from "@/lib/circles/testing";
import { getMyCircles } from "@/lib/circles";
import { getMyMoments } from "@/lib/cam";
import { boardLinks } from "@/lib/features";
import { addBoardItem, addMilestone, completeMilestone, getBoard, getMyBoards } from "@/lib/vision-board";
import { loungeRooms } from "@/lib/db/schema/lounge";
import { memberProfiles } from "@/lib/db/schema/profile";
import { getLoungeTable, joinLounge, LOUNGE_RULES_VERSION } from "@/lib/lounge";

const SCALES = [1, 10, 100] as const;
const GOAL = 1.5;
const OTHER_FAMILIES = 1_000;
const JANUARY = { from: Date.UTC(2027, 0, 1) / 1000, to: Date.UTC(2027, 1, 1) / 1000 };
const DECEMBER_FIRST = Date.UTC(2026, 11, 1, 8) / 1000;

const run = (db: Db, text: string) => db.execute(sql.raw(text));

/** A fixed zone where the local hour is `hour` now: the Lounge's rooms open by the member's clock. */
function zoneAt(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

async function newMember(n: number) {
  const email = `growth.${n}.${randomBytes(4).toString("hex")}@example.com`;
  const { accountId } = await signUpNew(
    { email, password: "Bench-Mark-42!", givenName: "Growth", familyName: `Member ${n}` },
    { mfa: "optional" },
  );
  await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, { mfa: "optional" });
  return accountId;
}

/** 20 habits started `scale` years ago, each with an entry most days since (a rest day a week). */
async function seedHabits(db: Db, memberId: string, scale: number) {
  const startedAgo = new Date(Date.now() - scale * 365 * 86_400_000);
  const schedules = [
    { schedule: "DAILY" },
    { schedule: "WEEKDAYS", weekdays: [1, 3, 5] },
    { schedule: "TIMES_PER_WEEK", timesPerWeek: 3 },
  ];
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const kind = (["CHECK", "COUNT", "MINUTES"] as const)[i % 3]!;
    const habit = await createHabit(
      memberId,
      { title: `Habit ${i + 1}`, kind, target: kind === "CHECK" ? null : 8, restDaysPerWeek: 1, ...schedules[i % 3] },
      { db, now: startedAgo },
    );
    ids.push(habit.id);
    await run(
      db,
      `insert into habit_entries (habit_id, day, member_id, rest, value)
       select '${habit.id}', (date '${startedAgo.toISOString().slice(0, 10)}' + d), '${memberId}', d % 7 = 3,
         case when d % 7 = 3 then null else ${kind === "CHECK" ? 1 : 8} end
       from generate_series(0, ${scale * 365}) d
       where (date '${startedAgo.toISOString().slice(0, 10)}' + d) <= current_date and (d * 7 + ${i}) % 10 <> 0
       on conflict do nothing`,
    );
  }
  return ids;
}

/**
 * The member's circle of six and the 1x month of events (as bench/servers/api-server.ts `calendar`);
 * then (scale - 1) x 200 one-off events of the circle's people before December 2026, over the years
 * before it, half shared with the member by name and half with the circle.
 */
async function seedCalendar(db: Db, memberId: string, scale: number, n: number) {
  const others = [1, 2, 3, 4, 5].map((k) => `growth-${n}-person-${k}`);
  const circleId = await makeCircle(
    db,
    memberId,
    Object.fromEntries(others.map((id, k) => [id, k === 4 ? "child" : "member"])),
  );
  const owners = [memberId, ...others];
  const visibilities = ["circle", "busy", "people", "private"] as const;
  const rules = [
    "FREQ=WEEKLY;BYDAY=TU",
    "FREQ=DAILY;COUNT=60",
    "FREQ=MONTHLY;BYMONTHDAY=15",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR",
  ];
  for (let i = 0; i < 200; i += 1) {
    const ownerId = owners[i % owners.length]!;
    const visibility = visibilities[i % visibilities.length]!;
    const start = DECEMBER_FIRST + ((i * 7919) % (90 * 24)) * 3600;
    await createEvent(ownerId, {
      title: `Event ${i}`,
      start,
      end: start + 3600,
      timezone: "Europe/London",
      rrule: i < 50 ? rules[i % rules.length] : null,
      visibility,
      people:
        visibility === "people" || (visibility !== "private" && i % 5 === 0)
          ? owners.filter((id) => id !== ownerId).slice(0, 2)
          : [],
      requiresAcknowledgement: visibility !== "private" && i % 3 === 0,
    });
  }
  const older = (scale - 1) * 200;
  if (older > 0) {
    // Every 4 hours back from December 2026 (100x: about nine years).
    const start = `(${DECEMBER_FIRST} - e * 14400)`;
    const owner = `'growth-${n}-person-' || (1 + e % 5)`;
    await run(
      db,
      `insert into calendar_events (id, owner_id, created_by, all_day, start_at, end_at, timezone, title, visibility,
         circle_id, people, range_start, range_end)
       select md5('growth-event-${n}-' || e)::uuid, ${owner}, ${owner}, false, ${start}, ${start} + 3600, 'Europe/London',
         'Older ' || e, case when e % 2 = 0 then 'circle' else 'people' end, case when e % 2 = 0 then '${circleId}'::uuid end,
         case when e % 2 = 0 then '[]'::jsonb else jsonb_build_array('${memberId}') end, ${start}, ${start} + 3600
       from generate_series(1, ${older}) e`,
    );
    await run(
      db,
      `insert into shares (item_type, item_id, owner_id, circle_id, member_id, permission, from_visibility)
       select 'event', id::text, owner_id, circle_id, case when circle_id is null then '${memberId}' end, 'view', true
       from calendar_events where id in (select md5('growth-event-${n}-' || e)::uuid from generate_series(1, ${older}) e)`,
    );
  }
  return { circleId, others };
}

/** 60 x scale moments, one an hour back from now, a third shared with the circle, some with a reaction. */
async function seedMoments(db: Db, memberId: string, scale: number, circleId: string, others: string[]) {
  const count = 60 * scale;
  await run(
    db,
    `insert into images (id, owner_id, status, declared_type, byte_size, received, object_prefix, holder_kind, holder_id, width, height, captured_on)
     select md5('growth-image-${memberId}-' || m)::uuid, '${memberId}', 'ready', 'image/jpeg', 100000, 100000,
       'members/${memberId}/images/' || m || '/', 'moment', md5('growth-moment-${memberId}-' || m)::uuid::text, 1600, 1200,
       (now() - (m || ' hours')::interval)::date
     from generate_series(1, ${count}) m`,
  );
  await run(
    db,
    `insert into moments (id, owner_id, image_id, note, day, created_at, updated_at)
     select md5('growth-moment-${memberId}-' || m)::uuid, '${memberId}', md5('growth-image-${memberId}-' || m)::uuid,
       'Moment ' || m, (now() - (m || ' hours')::interval)::date, now() - (m || ' hours')::interval, now() - (m || ' hours')::interval
     from generate_series(1, ${count}) m`,
  );
  await run(
    db,
    `insert into shares (item_type, item_id, owner_id, circle_id, permission)
     select 'moment', md5('growth-moment-${memberId}-' || m)::uuid::text, '${memberId}', '${circleId}', 'view'
     from generate_series(1, ${count}) m where m % 3 = 0`,
  );
  await run(
    db,
    `insert into moment_reactions (moment_id, author_id, reaction)
     select md5('growth-moment-${memberId}-' || m)::uuid, '${others[0]}', 'heart'
     from generate_series(1, ${count}) m where m % 6 = 0`,
  );
}

/**
 * "My board" with the API section's 60 items (goals linked to the member's habits), cheers on its goals
 * (5 x scale), and scale - 1 extra boards (20 at most) of 60 x scale items (200 at most).
 */
async function seedBoard(db: Db, memberId: string, scale: number, habitIds: string[], others: string[]) {
  const options = { db, links: boardLinks };
  const [mine] = await getMyBoards(memberId, options);
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
  await run(
    db,
    `insert into vision_goal_cheers (item_id, from_member_id, note, created_at)
     select i.id, '${others[0]}', 'Go on!', now() - (c || ' days')::interval
     from vision_board_items i, generate_series(1, ${5 * scale}) c
     where i.board_id = '${mine!.id}' and i.kind = 'goal'`,
  );
  const extraBoards = Math.min(20, scale - 1);
  const perBoard = Math.min(200, 60 * scale);
  if (extraBoards > 0) {
    await run(
      db,
      `insert into vision_boards (id, kind, owner_id, name)
       select md5('growth-board-${memberId}-' || b)::uuid, 'extra', '${memberId}', 'Board ' || b from generate_series(1, ${extraBoards}) b`,
    );
    await run(
      db,
      `insert into vision_board_items (board_id, owner_id, kind, position, title, text, status)
       select md5('growth-board-${memberId}-' || b)::uuid, '${memberId}', case when p % 2 = 0 then 'goal' else 'words' end, p,
         case when p % 2 = 0 then 'Goal ' || p end, case when p % 2 = 1 then 'Words ' || p end,
         case when p % 2 = 0 then 'active' end
       from generate_series(1, ${extraBoards}) b, generate_series(0, ${perBoard - 1}) p`,
    );
  }
  return mine!.id;
}

/** The member alone at a table of their own in an adult room, with 50 x scale posts (their own every tenth). */
async function seedLounge(db: Db, memberId: string, scale: number, n: number) {
  const [room] = await db
    .select()
    .from(loungeRooms)
    .where(sql`${loungeRooms.slug} = 'family-life'`);
  await db
    .insert(memberProfiles)
    .values({ memberId, timezone: zoneAt(12) })
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { timezone: zoneAt(12) } });
  await joinLounge(
    { memberId, name: null },
    { loungeName: `Quiet Reader ${"abc"[n]}`, rulesVersion: LOUNGE_RULES_VERSION },
  );
  await getLoungeTable(memberId, { roomId: room!.id });
  // Its own table, so each scale's posts are its own.
  await run(
    db,
    `insert into lounge_tables (id, room_id, number) values (md5('growth-table-${n}')::uuid, '${room!.id}', ${900 + n})`,
  );
  await run(
    db,
    `update lounge_seats set table_id = md5('growth-table-${n}')::uuid where room_id = '${room!.id}' and member_id = '${memberId}'`,
  );
  await run(
    db,
    `insert into lounge_posts (room_id, table_id, author_id, text, status, created_at)
     select '${room!.id}', md5('growth-table-${n}')::uuid, case when p % 10 = 0 then '${memberId}' else 'growth-lounger-${n}-' || (p % 10) end,
       'A post of a few words, number ' || p, 'published', now() - (p * 2 || ' minutes')::interval
     from generate_series(1, ${50 * scale}) p`,
  );
  await run(
    db,
    `insert into lounge_cheers (post_id, from_id)
     select id, 'growth-lounger-${n}-1' from lounge_posts where author_id = '${memberId}'`,
  );
  return room!.id;
}

/** The other families (as bench/servers/api-server.ts seeds them): circles of six, their events, habits, boards, moments, posts. */
async function seedOtherFamilies(db: Db) {
  const member = (k: string) => `'other-family-' || g || '-' || ${k}`;
  const circle = `md5('other-family-' || g)::uuid`;
  const families = `generate_series(1, ${OTHER_FAMILIES}) g`;
  await run(
    db,
    `insert into circles (id, name, owner_id) select ${circle}, 'Family ' || g, ${member("0")} from ${families}`,
  );
  await run(
    db,
    `insert into circle_memberships (circle_id, member_id, role)
     select ${circle}, ${member("k")}, case when k = 0 then 'owner' else 'member' end from ${families}, generate_series(0, 5) k`,
  );
  const start = `(${DECEMBER_FIRST} + ((e * 7919) % (90 * 24)) * 3600)`;
  await run(
    db,
    `insert into calendar_events (id, owner_id, created_by, all_day, start_at, end_at, timezone, title, visibility, circle_id, people, range_start, range_end)
     select md5('other-event-' || g || '-' || e)::uuid, ${member("e % 6")}, ${member("e % 6")}, false, ${start}, ${start} + 3600,
       'Europe/London', 'Event ' || e, case when e % 5 = 0 then 'circle' else 'people' end, case when e % 5 = 0 then ${circle} end,
       case when e % 5 = 0 then '[]'::jsonb else jsonb_build_array(${member("(e + 1) % 6")}) end, ${start}, ${start} + 3600
     from ${families}, generate_series(1, 200) e`,
  );
  await run(
    db,
    `insert into shares (item_type, item_id, owner_id, circle_id, member_id, permission, from_visibility)
     select 'event', id::text, owner_id, circle_id, case when circle_id is null then people->>0 end, 'view', true
     from calendar_events where owner_id like 'other-family-%'`,
  );
  await run(
    db,
    `insert into habits (id, owner_id, title, kind, started_on)
     select md5('other-habit-' || g || '-' || k || '-' || h)::uuid, ${member("k")}, 'Habit ' || h, 'check', '2025-11-01'
     from ${families}, generate_series(0, 5) k, generate_series(1, 5) h`,
  );
  await run(
    db,
    `insert into habit_entries (habit_id, day, member_id, value)
     select h.id, date '2025-11-01' + d, h.owner_id, 1 from habits h, generate_series(0, 60) d where h.owner_id like 'other-family-%'`,
  );
  await run(
    db,
    `insert into vision_boards (id, kind, owner_id, name)
     select md5('other-board-' || g || '-' || k)::uuid, 'mine', ${member("k")}, 'My board' from ${families}, generate_series(0, 5) k`,
  );
  await run(
    db,
    `insert into vision_board_items (board_id, owner_id, kind, position, title, text, status)
     select md5('other-board-' || g || '-' || k)::uuid, ${member("k")}, case when p % 2 = 0 then 'goal' else 'words' end, p,
       case when p % 2 = 0 then 'Goal ' || p end, case when p % 2 = 1 then 'Words ' || p end, case when p % 2 = 0 then 'active' end
     from ${families}, generate_series(0, 5) k, generate_series(0, 9) p`,
  );
  await run(
    db,
    `insert into images (id, owner_id, status, declared_type, byte_size, received, object_prefix, holder_kind)
     select md5('other-image-' || g || '-' || m)::uuid, ${member("m % 6")}, 'ready', 'image/jpeg', 100000, 100000,
       'members/other/' || g || '/' || m || '/', 'moment' from ${families}, generate_series(1, 60) m`,
  );
  await run(
    db,
    `insert into moments (owner_id, image_id, day, created_at)
     select ${member("m % 6")}, md5('other-image-' || g || '-' || m)::uuid, current_date - m, now() - (m || ' hours')::interval
     from ${families}, generate_series(1, 60) m`,
  );
  const [room] = await db
    .select()
    .from(loungeRooms)
    .where(sql`${loungeRooms.slug} = 'family-life'`);
  await run(
    db,
    `insert into lounge_tables (id, room_id, number) select md5('other-table-' || t)::uuid, '${room!.id}', t + 1 from generate_series(1, 200) t`,
  );
  await run(
    db,
    `insert into lounge_posts (room_id, table_id, author_id, text, status, created_at)
     select '${room!.id}', md5('other-table-' || t)::uuid, 'other-lounger-' || t || '-' || (p % 10), 'Another table''s post ' || p,
       'published', now() - (p || ' minutes')::interval
     from generate_series(1, 200) t, generate_series(1, 50) p`,
  );
}

type Read = { name: string; call: () => Promise<unknown> };

async function timeRead(read: Read, n: number) {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await read.call();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return { p50: times[n >> 1]!, cpu: (used.user + used.system) / n / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const n = Number(process.env.N ?? 40);
  const rounds = Number(process.env.ROUNDS ?? 3);
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL);
  try {
    const db = await getDb();
    const seedStart = performance.now();
    await seedOtherFamilies(db);
    const members: { scale: number; reads: Read[] }[] = [];
    for (const [index, scale] of SCALES.entries()) {
      const memberId = await newMember(index);
      const habitIds = await seedHabits(db, memberId, scale);
      const { circleId, others } = await seedCalendar(db, memberId, scale, index);
      await seedMoments(db, memberId, scale, circleId, others);
      const boardId = await seedBoard(db, memberId, scale, habitIds, others);
      const roomId = await seedLounge(db, memberId, scale, index);
      let shift = 0;
      members.push({
        scale,
        reads: [
          { name: "getMyHabits", call: () => getMyHabits(memberId, { db }) },
          // A new range each call (one second shorter), so neither the agenda nor its expansions are remembered.
          {
            name: "getMyAgenda (not remembered)",
            call: () => getAgenda(memberId, { ...JANUARY, to: JANUARY.to - ++shift }, { db }),
          },
          { name: "getMyAgenda (remembered)", call: () => getAgenda(memberId, JANUARY, { db }) },
          { name: "getMyCircles", call: () => getMyCircles(memberId, { db }) },
          { name: "getMyMoments", call: () => getMyMoments(memberId, {}, { db }) },
          { name: "getBoard", call: () => getBoard(memberId, boardId, { db, links: boardLinks }) },
          { name: "getLoungeTable", call: () => getLoungeTable(memberId, { roomId }, { db }) },
        ],
      });
    }
    await run(db, "analyze");
    console.log(
      `seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s; ${n} calls per read, scale and round, ${rounds} rounds`,
    );
    // Warm-up: prepared statements, the habits' checkpoints, the JIT.
    for (const member of members) for (const read of member.reads) for (let i = 0; i < 10; i++) await read.call();
    const figures = new Map<string, { p50: number[]; cpu: number[] }>();
    for (let round = 0; round < rounds; round++)
      for (const member of round % 2 ? [...members].reverse() : members)
        for (const read of member.reads) {
          const key = `${read.name} ${member.scale}`;
          const figure = figures.get(key) ?? { p50: [], cpu: [] };
          const { p50, cpu } = await timeRead(read, n);
          figure.p50.push(p50);
          figure.cpu.push(cpu);
          figures.set(key, figure);
        }
    const header = ["read", ...SCALES.map((s) => `${s}x ms (CPU)`), "100x / 1x", `goal ≤ ${GOAL}`];
    console.log(`\n| ${header.join(" | ")} |\n| ${header.map(() => "---").join(" | ")} |`);
    for (const { name } of members[0]!.reads) {
      const at = (scale: number) => figures.get(`${name} ${scale}`)!;
      const ratio = median(at(100).p50) / median(at(1).p50);
      console.log(
        `| ${name} | ${SCALES.map((s) => `${median(at(s).p50).toFixed(2)} (${median(at(s).cpu).toFixed(2)})`).join(" | ")} | ${ratio.toFixed(2)} | ${ratio <= GOAL ? "met" : "MISSED"} |`,
      );
    }
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
