/**
 * A benchmark server process (run by bench/lib/child-server.ts with `tsx --conditions=react-server`,
 * as lib/ modules are server-only). It serves the app's own code over loopback on an embedded
 * database in a temporary directory, seeded for one measurement, and prints one JSON line on stdout
 * saying where it listens and what the load generator needs:
 *
 *   graphql   the GraphQL API (graphql/server.ts with the real caller resolution and billing service,
 *             sandbox billing): one confirmed member with an active subscription and an access token
 *             stored the way the built-in issuer stores its opaque tokens.
 * With BENCH_API_DATABASE_URL (a PostgreSQL server) the database is a scratch one on that server
 * (the production adapter), dropped afterwards, instead of PGlite.
 *
 *   calendar  the same server and member, who owns a circle of six with 200 events (seedCalendar),
 *             among 1,000 other families with as many (seedOtherFamilies).
 *   habits    the same server and member, with 20 habits and a year of entries each (seedHabits),
 *             among 1,000 other families with five habits each person (seedTheirHabits).
 *
 *   vision-board  the same server and member, with 60 items on "My board" (20 goals with three
 *             milestones each and five of them linked to two habits, 20 words, 20 colours: seedBoard),
 *             among 1,000 other families each person with a board of ten items; prints the board's id.
 *   lounge    the same server and member, joined to the Lounge and seated at a table of ten in an adult
 *             room with 50 posts (a third of them replies, some of the member's cheered), among 200 other
 *             tables of that room with 50 posts each (seedLounge); the member's clock says midday, so
 *             the room is open. The ready line adds `roomId`.
 *
 *   circles   the same server and member, who owns a circle of six (seedCircles), among 1,000 other
 *             families.
 *   moments   the same server and member, in a circle of six, with 60 moments of their own, each with a
 *             processed photo (a small JPEG through the image pipeline, stored on disk in the temporary
 *             directory) and every other one a note (seedMoments).
 *
 *   webhooks  POST /api/webhooks/stripe's handler with the Stripe adapter talking to the fake Stripe
 *             API (lib/billing/stripe/fake-stripe-api.ts) in this process; the signed deliveries are
 *             written to the file named by the second argument. GET /stats counts what was stored.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { handleStripeWebhook } from "@/lib/billing/stripe-webhook-handler";
import { resolveCaller } from "@/lib/auth/caller";
import { BUILTIN_CLIENT_ID } from "@/lib/secrets";
import fixtures from "@/lib/billing/__fixtures__/stripe-objects.json";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService } from "@/lib/billing/service";
import { FakeStripeApi } from "@/lib/billing/stripe/fake-stripe-api";
import { signTestWebhook } from "@/lib/billing/stripe/sign-test-webhook";
import { StripeBillingProvider } from "@/lib/billing/stripe/stripe-provider";
import { getDb, installDatabase } from "@/lib/db/client";
import { openDatabase, type Database } from "@/lib/db/open";
import { createTestDatabase } from "@/lib/db/testing";
import * as t from "@/lib/db/schema";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { createOidcAdapter } from "@/lib/identity/builtin/issuer/adapter";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { consume } from "@/lib/rate-limit";
import { createGraphQLServer } from "@/graphql/server";
import { createEvent } from "@/lib/calendar/store";
import { makeCircle } from "@/lib/circles/testing";
import { createHabit } from "@/lib/habits/store";
import { habitEntries } from "@/lib/db/schema/habits";
import { boardLinks } from "@/lib/features";
import { addBoardItem, addMilestone, completeMilestone, getMyBoards } from "@/lib/vision-board";
import { seedLoungeTable } from "../lib/lounge-seed";
import sharp from "sharp";
import { momentWithPhoto } from "@/lib/cam/testing";
import { DiskObjectStore } from "@/lib/storage/disk/disk-store";

const SITE = "http://localhost:3000";
const [mode, planFile] = process.argv.slice(2);

/** Node request -> fetch Request, for handlers written against the Fetch API (as Next's routes are). */
async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, headers, body });
}

async function send(res: ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<number> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function graphqlServer(seed?: (memberId: string) => Promise<Record<string, unknown> | void>) {
  const email = `bench.${randomBytes(4).toString("hex")}@example.com`;
  const { accountId } = await signUpNew(
    { email, password: "Bench-Mark-42!", givenName: "Bench", familyName: "Member" },
    { mfa: "optional" },
  );
  await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, { mfa: "optional" });
  const member = { memberId: accountId, email, name: "Bench Member" };

  const provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  const billing = createBillingService(provider, { siteUrl: SITE });
  const session = await billing.createCheckoutSession(member, {
    priceId: sandboxPriceId("happr_family_monthly"),
    successUrl: `${SITE}/my-account`,
    cancelUrl: `${SITE}/pricing`,
  });
  if (!session.url) throw new Error("the sandbox checkout has no URL");
  const sessionId = new URL(session.url).pathname.split("/").at(-1)!;
  await completeSandboxCheckout(provider, sessionId, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2035,
    cvc: "123",
    name: "Bench Member",
  });
  await billing.validateSession(member, sessionId);

  // An access token as the built-in issuer stores it: opaque, looked up on every request.
  const token = randomBytes(32).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  await createOidcAdapter()("AccessToken").upsert(
    token,
    {
      kind: "AccessToken",
      jti: token,
      accountId,
      clientId: BUILTIN_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      scope: "openid email profile",
      grantId: "bench",
    },
    3600,
  );

  const seeded = (await seed?.(accountId)) ?? {};
  const yoga = createGraphQLServer({
    resolveCaller: (request) => resolveCaller(request),
    billing: async () => billing,
    limitProviderCall: (subject) => consume("graphql-provider", subject, { limit: 30, windowSeconds: 60 }),
    siteUrl: SITE,
    production: true,
  });
  const port = await listen(async (req, res) => send(res, await yoga.fetch(await toRequest(req))));
  return { port, token, ...seeded };
}

/**
 * For `calendar`: the member owns a circle of six, whose people have 200 events between them (50
 * recurring: daily, weekly, monthly), with every visibility, over December 2026 to February 2027;
 * the load asks for January 2027 (CALENDAR_MONTH in bench/sections/calendar-agenda.ts).
 */
/** 20 habits of every kind and schedule, each with a year of entries (a rest day a week), for `memberId`. */
async function seedHabits(memberId: string) {
  const db = await getDb();
  const yearAgo = new Date(Date.now() - 365 * 86_400_000);
  const schedules = [
    { schedule: "DAILY" },
    { schedule: "WEEKDAYS", weekdays: [1, 3, 5] },
    { schedule: "TIMES_PER_WEEK", timesPerWeek: 3 },
  ];
  for (let i = 0; i < 20; i++) {
    const kind = (["CHECK", "COUNT", "MINUTES"] as const)[i % 3]!;
    const habit = await createHabit(
      memberId,
      { title: `Habit ${i + 1}`, kind, target: kind === "CHECK" ? null : 8, restDaysPerWeek: 1, ...schedules[i % 3] },
      { db, now: yearAgo },
    );
    const rows = [];
    for (let day = 0; day <= 365; day++) {
      if ((day * 7 + i) % 10 === 0) continue; // some days missed
      const date = new Date(yearAgo.getTime() + day * 86_400_000).toISOString().slice(0, 10);
      const rest = day % 7 === 3;
      rows.push({ habitId: habit.id, day: date, memberId, rest, value: rest ? null : kind === "CHECK" ? 1 : 8 });
    }
    await db.insert(habitEntries).values(rows).onConflictDoNothing();
  }
  await seedOtherFamilies();
  await seedTheirHabits();
}

async function seedCalendar(memberId: string) {
  const db = await getDb();
  const others = [1, 2, 3, 4, 5].map((n) => `bench-person-${n}`);
  await makeCircle(db, memberId, Object.fromEntries(others.map((id, n) => [id, n === 4 ? "child" : "member"])));
  const owners = [memberId, ...others];
  const visibilities = ["circle", "busy", "people", "private"] as const;
  const rules = [
    "FREQ=WEEKLY;BYDAY=TU",
    "FREQ=DAILY;COUNT=60",
    "FREQ=MONTHLY;BYMONTHDAY=15",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR",
  ];
  const first = Date.UTC(2026, 11, 1, 8) / 1000;
  for (let i = 0; i < 200; i += 1) {
    const ownerId = owners[i % owners.length]!;
    const visibility = visibilities[i % visibilities.length]!;
    const start = first + ((i * 7919) % (90 * 24)) * 3600;
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
  await seedOtherFamilies();
  await seedTheirEvents();
}

/**
 * Other families beside the measured member's, so reads are measured as in a populated database:
 * `families` circles of six people. Their events and habits are added by seedTheirEvents and
 * seedTheirHabits. All written in bulk.
 */
const OTHER_FAMILIES = 1_000;
const familyMember = (k: string) => `'bench-family-' || g || '-' || ${k}`;
const familyCircle = `md5('bench-family-' || g)::uuid`;
async function seedOtherFamilies() {
  const db = await getDb();
  await db.execute(
    sql.raw(`insert into circles (id, name, owner_id)
      select ${familyCircle}, 'Family ' || g, ${familyMember("0")} from generate_series(1, ${OTHER_FAMILIES}) g`),
  );
  await db.execute(
    sql.raw(`insert into circle_memberships (circle_id, member_id, role)
      select ${familyCircle}, ${familyMember("k")}, case when k = 0 then 'owner' else 'member' end
      from generate_series(1, ${OTHER_FAMILIES}) g, generate_series(0, 5) k`),
  );
}

/**
 * 200 events per family over the measured member's months: a fifth shared with the circle, the rest
 * with one other member (the shares written from the events' visibility, as the app writes them).
 */
async function seedTheirEvents() {
  const db = await getDb();
  const start = `(${Date.UTC(2026, 11, 1, 8) / 1000} + ((e * 7919) % (90 * 24)) * 3600)`;
  await db.execute(
    sql.raw(`insert into calendar_events
        (id, owner_id, created_by, all_day, start_at, end_at, timezone, title, visibility, circle_id, people, range_start, range_end)
      select md5('bench-event-' || g || '-' || e)::uuid, ${familyMember("e % 6")}, ${familyMember("e % 6")}, false, ${start}, ${start} + 3600,
        'Europe/London', 'Event ' || e, case when e % 5 = 0 then 'circle' else 'people' end,
        case when e % 5 = 0 then ${familyCircle} end,
        case when e % 5 = 0 then '[]'::jsonb else jsonb_build_array(${familyMember("(e + 1) % 6")}) end,
        ${start}, ${start} + 3600
      from generate_series(1, ${OTHER_FAMILIES}) g, generate_series(1, 200) e`),
  );
  await db.execute(
    sql.raw(`insert into shares (item_type, item_id, owner_id, circle_id, member_id, permission, from_visibility)
      select 'event', id::text, owner_id, circle_id, case when circle_id is null then people->>0 end, 'view', true
      from calendar_events where owner_id like 'bench-family-%'`),
  );
  await db.execute(sql.raw("analyze"));
}

/** Five habits per person, three of them shared with their circle. */
async function seedTheirHabits() {
  const db = await getDb();
  await db.execute(
    sql.raw(`insert into habits (id, owner_id, title, kind, started_on)
      select md5('bench-habit-' || g || '-' || k || '-' || h)::uuid, ${familyMember("k")}, 'Habit ' || h, 'check', '2025-11-01'
      from generate_series(1, ${OTHER_FAMILIES}) g, generate_series(0, 5) k, generate_series(1, 5) h`),
  );
  await db.execute(
    sql.raw(`insert into shares (item_type, item_id, owner_id, circle_id, permission)
      select 'habit', h.id::text, h.owner_id, m.circle_id, 'view'
      from habits h join circle_memberships m on m.member_id = h.owner_id
      where h.owner_id like 'bench-family-%' and h.title in ('Habit 1', 'Habit 3', 'Habit 5')`),
  );
  await db.execute(sql.raw("analyze"));
}

/**
 * For `vision-board`: 60 items on the member's "My board", written through lib/vision-board as the API
 * writes them (20 goals, each with three milestones, one done, a target count on every other one and
 * two linked habits on five; 20 words; 20 colours), beside 1,000 other families whose every person
 * has a board of ten items. Answers the board's id (the load asks getBoard for it).
 */
async function seedBoard(memberId: string) {
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
      for (const step of [1, 2, 3]) await addMilestone(memberId, item.id, `Step ${step}`, null, options);
      const first = (await getMyBoards(memberId, options))[0]!.items.find((entry) => entry.id === item.id)!;
      await completeMilestone(memberId, first.milestones[0]!.id, true, options);
    }
  }
  await seedOtherFamilies();
  await db.execute(
    sql.raw(`insert into vision_boards (id, kind, owner_id, name)
      select md5('bench-board-' || g || '-' || k)::uuid, 'mine', ${familyMember("k")}, 'My board'
      from generate_series(1, ${OTHER_FAMILIES}) g, generate_series(0, 5) k`),
  );
  await db.execute(
    sql.raw(`insert into vision_board_items (board_id, owner_id, kind, position, title, text, status)
      select md5('bench-board-' || g || '-' || k)::uuid, ${familyMember("k")},
        case when p % 2 = 0 then 'goal' else 'words' end, p,
        case when p % 2 = 0 then 'Goal ' || p end, case when p % 2 = 1 then 'Words ' || p end,
        case when p % 2 = 0 then 'active' end
      from generate_series(1, ${OTHER_FAMILIES}) g, generate_series(0, 5) k, generate_series(0, 9) p`),
  );
  await db.execute(sql.raw("analyze"));
  return { boardId: mine!.id };
}

/** For `circles`: the member owns a circle of six, beside 1,000 other families. */
async function seedCircles(memberId: string) {
  const db = await getDb();
  await makeCircle(
    db,
    memberId,
    Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`bench-person-${n}`, n === 5 ? "child" : "member"])),
  );
  await seedOtherFamilies();
  await db.execute(sql.raw("analyze"));
}

/** For `moments`: the member in a circle of six, with 60 moments of their own, each photo processed. */
async function seedMoments(memberId: string, dataDir: string) {
  const db = await getDb();
  await makeCircle(db, memberId, Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`bench-person-${n}`, "member"])));
  const store = new DiskObjectStore({ directory: path.join(dataDir, "objects") });
  for (let i = 0; i < 60; i++) {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: (i * 37) % 256, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await momentWithPhoto(
      db,
      store,
      memberId,
      new Uint8Array(photo),
      i % 2 ? { note: `Moment ${i}: a small win` } : {},
    );
  }
  await seedOtherFamilies();
  await db.execute(sql.raw("analyze"));
}

/** For `lounge`: the member at a full table of an adult room with 50 posts, among 200 other tables. */
async function seedLounge(memberId: string) {
  return seedLoungeTable(await getDb(), memberId);
}

async function webhookServer() {
  const secret = `whsec_${randomBytes(16).toString("hex")}`;
  const fake = new FakeStripeApi();
  const stripe = new StripeBillingProvider({
    secretKey: "sk_test_bench",
    webhookSecret: secret,
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });

  // Subscriptions each announced by created + updated; 10% of them out of order (updated first) and
  // 10% of all deliveries sent twice, the copy later in the stream. A first set warms the server up
  // (as the autocannon sections' warm-up does) and is not timed.
  const deliveriesFor = async (set: string, subscriptions: number) => {
    const deliveries: { id: string; body: string; signature: string }[] = [];
    for (let i = 0; i < subscriptions; i += 1) {
      const customer = await stripe.createCustomer(
        { email: `${set}${i}@example.com`, name: null, memberId: `bench-${set}-member-${i}` },
        `bench-${set}-customer-${i}`,
      );
      const subscription = fake.seedPaidSubscription(customer.id, "price_live_happr_family_monthly");
      const event = (type: string) => {
        const id = `evt_bench_${set}_${i}_${type.split(".").at(-1)}`;
        const body = JSON.stringify({
          ...fixtures.event,
          id,
          type,
          data: { object: { ...fixtures.subscription, id: subscription.id, customer: customer.id } },
        });
        return { id, body, signature: signTestWebhook(body, secret) };
      };
      const pair = [event("customer.subscription.created"), event("customer.subscription.updated")];
      deliveries.push(...(i % 10 === 0 ? pair.reverse() : pair));
    }
    const unique = deliveries.length;
    for (let i = 0; i < unique; i += 10) {
      const copy = deliveries[i]!;
      deliveries.splice(Math.min(deliveries.length, i + 10 + Math.floor(Math.random() * 30)), 0, copy);
    }
    return { deliveries, uniqueEvents: unique, subscriptions };
  };
  const warmup = await deliveriesFor("warm", 100);
  const measured = await deliveriesFor("w", 500);
  writeFileSync(planFile!, JSON.stringify({ ...measured, warmup }));

  const port = await listen(async (req, res) => {
    if (req.method === "GET" && req.url === "/stats") {
      const db = await getDb();
      const [events] = await db.select({ n: count() }).from(t.billingProcessedEvents);
      const [mirrored] = await db.select({ n: count() }).from(t.billingSubscriptions);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ events: events!.n, subscriptions: mirrored!.n }));
      return;
    }
    await send(res, await handleStripeWebhook(await toRequest(req), stripe));
  });
  return { port };
}

async function main() {
  const apiModes = ["graphql", "calendar", "habits", "vision-board", "lounge", "circles", "moments"];
  if (!apiModes.includes(mode!) && !(mode === "webhooks" && planFile))
    throw new Error(
      "usage: api-server.ts graphql | calendar | habits | vision-board | lounge | circles | moments | webhooks <plan file>",
    );
  // The embedded default's kind of database (PGlite with its files on disk), or a scratch database on
  // a PostgreSQL server; thrown away afterwards either way.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-api-"));
  const serverUrl = process.env.BENCH_API_DATABASE_URL;
  let database: Database;
  if (serverUrl) {
    database = await createTestDatabase(serverUrl);
  } else {
    database = await openDatabase({ kind: "pglite", dataDir });
    installDatabase(database);
  }
  const stop = async () => {
    await database.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
  const ready =
    mode === "graphql"
      ? await graphqlServer()
      : mode === "calendar"
        ? await graphqlServer(seedCalendar)
        : mode === "habits"
          ? await graphqlServer(seedHabits)
          : mode === "vision-board"
            ? await graphqlServer(seedBoard)
            : mode === "lounge"
              ? await graphqlServer(seedLounge)
              : mode === "circles"
                ? await graphqlServer(seedCircles)
                : mode === "moments"
                  ? await graphqlServer((memberId) => seedMoments(memberId, dataDir))
                  : await webhookServer();
  // The pid: bench/api-cpu.ts reads this process's CPU time from /proc (tsx runs it in a child of its own).
  process.stdout.write(`${JSON.stringify({ ...ready, pid: process.pid })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
