import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships } from "../db/schema/circles";
import {
  loungeCheers,
  loungeChildSettings,
  loungeMembers,
  loungePosts,
  loungeReports,
  loungeRooms,
  loungeSeats,
  loungeTables,
  loungeTeenConfirmations,
  type LoungeAgeBand,
  type LoungeHoldReason,
} from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import { isCarerOf } from "../circles/carers";
import { logError } from "../log";
import { memberTimeZone, zoneFrom } from "../profile/zone";
import { localDateOf, startOfDay } from "../time";
import { getLivePort, type LiveEvent } from "../live";
import { loungeStanding, standingColumns, standingFrom, withStandingFacts } from "./access";
import { LoungeError, postNotFound, roomNotFound } from "./errors";
import { holdReasons } from "./holds";
import { assertMayPost } from "./moderation";
import {
  DAILY_POST_LIMIT,
  foldName,
  LOUNGE_RULES_VERSION,
  parseChildSwitch,
  parseId,
  parseJoin,
  parsePage,
  parsePost,
  parseReport,
  parseTeenConfirmation,
  REPORT_PRIORITY,
} from "./model";
import { closedMessage, heatOf, openingOf } from "./pace";
import { claimUpload, imageViews, type ImageView } from "../uploads";
import { noticeReply } from "./replies";
import { schedulePhotoCheck } from "./photo-check";

/** Publishes an ids-only event on a table's channel; the default is the process's live port (lib/live). */
export type Publish = (channel: string, event: LiveEvent) => Promise<unknown>;

type Options = { db?: Db; now?: Date; publish?: Publish };

export type SlowModeView = { seconds: number; reason: string; until: number };
export type RoomView = {
  id: string;
  slug: string;
  name: string;
  theme: string;
  ageBand: LoungeAgeBand;
  open: boolean;
  /** When closed: the next opening, Unix seconds. */
  opensAt: number | null;
  /** Slow mode at the caller's table in this room, with its reason; null when calm or not seated yet. */
  slowMode: SlowModeView | null;
};
export type RoomsView = {
  joined: boolean;
  loungeName: string | null;
  rulesVersion: number;
  rooms: RoomView[];
  /** Why no room is listed (a carer's switch off, an unconfirmed teen band); null otherwise. */
  notice: string | null;
};
export type PostView = {
  id: string;
  authorName: string;
  mine: boolean;
  /** null for a removed post (its place stays so replies keep their thread). */
  text: string | null;
  replyTo: string | null;
  createdAt: number;
  held: boolean;
  /** The author alone, for their own held post: why it waits. */
  holdReasons: LoungeHoldReason[];
  removed: boolean;
  /** The author alone: whether anyone cheered it. Never who, never how many. */
  cheered: boolean;
  /** Its photo (lib/uploads; served to those who may see the post, checked on every request); null for none or a removed post. */
  image: ImageView | null;
};
export type TableView = { roomId: string; tableId: string; slowMode: SlowModeView | null; posts: PostView[] };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** The image holder kind of a post's photo (lib/uploads; its access rule is image-access.ts). */
export const LOUNGE_IMAGE_HOLDER = "lounge-post";
const tableChannel = (tableId: string) => `lounge-table:${tableId}`;
type Room = typeof loungeRooms.$inferSelect;

async function dbOf(options: Options) {
  return options.db ?? (await getDb());
}

/** The member's Lounge membership, refused when they have not joined or accepted the current rules. */
async function joinedMember(db: Db, memberId: string, lock = false) {
  const query = db.select().from(loungeMembers).where(eq(loungeMembers.memberId, memberId));
  const [member] = lock ? await query.for("update") : await query;
  if (!member) throw new LoungeError(403, "Join the Lounge first: choose a Lounge name and accept the house rules.");
  if (member.rulesVersion < LOUNGE_RULES_VERSION)
    throw new LoungeError(403, "The house rules have changed: read and accept them again to carry on.");
  return member;
}

/**
 * The room, when the member may enter it: their band's rooms only (any other answers 404, as a room that
 * does not exist), a child's only once a carer turned the Lounge on (403 saying so), and open by the
 * member's clock unless `evenClosed` (a safety report is taken at any hour).
 */
async function enterableRoom(db: Db, memberId: string, roomId: string, now: Date, evenClosed = false) {
  const [room] = await db.select().from(loungeRooms).where(eq(loungeRooms.id, roomId));
  const standing = await loungeStanding(db, memberId, now);
  if (!room || standing.band !== room.ageBand) throw roomNotFound();
  if (!standing.mayEnter) throw new LoungeError(403, standing.why);
  if (!evenClosed && !openingOf(room, await memberTimeZone(db, memberId), seconds(now)).open)
    throw new LoungeError(403, closedMessage(room), { field: "roomId" });
  return room;
}

/**
 * The member's table in a room, given on first entry: the lowest-numbered table with a free seat, or a
 * new one. The room's row is locked while seating, so two members arriving together never overfill a table.
 */
async function seatOf(db: Db, memberId: string, room: Room): Promise<typeof loungeTables.$inferSelect> {
  const seated = async (tx: Db) => {
    const [row] = await tx
      .select({ table: loungeTables })
      .from(loungeSeats)
      .innerJoin(loungeTables, eq(loungeTables.id, loungeSeats.tableId))
      .where(and(eq(loungeSeats.roomId, room.id), eq(loungeSeats.memberId, memberId)));
    return row?.table;
  };
  const existing = await seated(db);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await tx.select({ id: loungeRooms.id }).from(loungeRooms).where(eq(loungeRooms.id, room.id)).for("update");
    const again = await seated(tx);
    if (again) return again;
    const tables = await tx
      .select({ table: loungeTables, taken: count(loungeSeats.memberId) })
      .from(loungeTables)
      .leftJoin(loungeSeats, eq(loungeSeats.tableId, loungeTables.id))
      .where(eq(loungeTables.roomId, room.id))
      .groupBy(loungeTables.id)
      .orderBy(asc(loungeTables.number));
    let table = tables.find((row) => row.taken < room.tableSize)?.table;
    if (!table) {
      const number = (tables.at(-1)?.table.number ?? 0) + 1;
      [table] = await tx.insert(loungeTables).values({ roomId: room.id, number }).returning();
    }
    await tx.insert(loungeSeats).values({ roomId: room.id, memberId, tableId: table!.id });
    return table!;
  });
}

const slowModeOf = (
  table: { slowUntil: Date | null; slowSeconds: number | null; slowReason: string | null },
  now: Date,
) =>
  table.slowUntil && table.slowUntil > now && table.slowSeconds && table.slowReason
    ? { seconds: table.slowSeconds, reason: table.slowReason, until: seconds(table.slowUntil) }
    : null;

/** The names a Lounge name may not be: the member's real names and the names their circles know them by. */
async function namesOf(db: Db, memberId: string, realName: string | null | undefined): Promise<Set<string>> {
  const [profile] = await db
    .select({ first: memberProfiles.firstName, last: memberProfiles.lastName })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, memberId));
  const inCircles = await db
    .select({ name: circleMemberships.name })
    .from(circleMemberships)
    .where(eq(circleMemberships.memberId, memberId));
  const names = [
    realName,
    profile?.first,
    profile?.last,
    `${profile?.first ?? ""}${profile?.last ?? ""}`,
    ...inCircles.map((row) => row.name),
  ];
  const realWords = (realName ?? "").split(/\s+/);
  return new Set([...names, ...realWords].map((name) => foldName(name ?? "")).filter((name) => name.length >= 2));
}

/**
 * Accepts the house rules (their current version) and chooses a Lounge name: a pseudonym, unique, and
 * never the member's real name or a name a circle knows them by (nor one that would be held in a post).
 * Joining again changes the name.
 */
export async function joinLounge(
  member: { memberId: string; name?: string | null },
  value: unknown,
  options: Options = {},
): Promise<{ loungeName: string }> {
  const { loungeName, rulesVersion } = parseJoin(value);
  if (rulesVersion !== LOUNGE_RULES_VERSION)
    throw new LoungeError(
      409,
      `The house rules are at version ${LOUNGE_RULES_VERSION}: read them and accept that version.`,
      {
        field: "rulesVersion",
      },
    );
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const standing = await loungeStanding(db, member.memberId, now);
  if (!standing.mayEnter) throw new LoungeError(403, standing.why);
  const key = foldName(loungeName);
  const own = await namesOf(db, member.memberId, member.name);
  if ([...own].some((name) => key === name || (name.length >= 3 && key.includes(name))))
    throw new LoungeError(400, "Choose a Lounge name that is not your own name or the name your circle knows you by.", {
      field: "loungeName",
    });
  if (holdReasons(loungeName).length > 0)
    throw new LoungeError(400, "Choose a Lounge name without contact details, links or words on the Lounge's list.", {
      field: "loungeName",
    });
  const rows = await db
    .insert(loungeMembers)
    .values({ memberId: member.memberId, loungeName, nameKey: key, rulesVersion })
    .onConflictDoUpdate({
      target: loungeMembers.memberId,
      set: { loungeName, nameKey: key, rulesVersion, updatedAt: now },
    })
    .returning({ memberId: loungeMembers.memberId })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  if (rows.length === 0)
    throw new LoungeError(409, "That Lounge name is taken: choose another.", { field: "loungeName" });
  return { loungeName };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** The rooms the member may enter (their band's, once their carers allow it), each open or not by their clock. */
export async function getLoungeRooms(memberId: string, options: Options = {}): Promise<RoomsView> {
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const [member] = await db.select().from(loungeMembers).where(eq(loungeMembers.memberId, memberId));
  const joined = Boolean(member && member.rulesVersion >= LOUNGE_RULES_VERSION);
  const standing = await loungeStanding(db, memberId, now);
  const base = { joined, loungeName: member?.loungeName ?? null, rulesVersion: LOUNGE_RULES_VERSION };
  if (!standing.mayEnter) return { ...base, rooms: [], notice: standing.why };
  const zone = await memberTimeZone(db, memberId);
  const rooms = await db
    .select()
    .from(loungeRooms)
    .where(eq(loungeRooms.ageBand, standing.band))
    .orderBy(asc(loungeRooms.position));
  const tables = await db
    .select({ roomId: loungeSeats.roomId, table: loungeTables })
    .from(loungeSeats)
    .innerJoin(loungeTables, eq(loungeTables.id, loungeSeats.tableId))
    .where(eq(loungeSeats.memberId, memberId));
  const tableOf = new Map(tables.map((row) => [row.roomId, row.table]));
  return {
    ...base,
    notice: null,
    rooms: rooms.map((room) => {
      const table = tableOf.get(room.id);
      return {
        id: room.id,
        slug: room.slug,
        name: room.name,
        theme: room.theme,
        ageBand: room.ageBand,
        ...openingOf(room, zone, seconds(now)),
        slowMode: table ? slowModeOf(table, now) : null,
      };
    }),
  };
}

/** A post as a table read returns it (`postsAt`): one JSON array per post. */
type PostJson = [
  id: string,
  authorId: string,
  text: string,
  replyTo: string | null,
  imageId: string | null,
  status: string,
  holdReasons: LoungeHoldReason[],
  createdAt: number,
  authorName: string | null,
  cheered: boolean,
];

/**
 * A page of the posts at table `tableId` (an SQL expression) as one JSON value, newest first: published
 * and removed ones, and the member's own held ones. Placeholders: memberId, before (ISO time or null),
 * limit. One value parsed natively, where 50 rows mapped column by column through drizzle cost more.
 * `cheered` is read for the member's own posts only: whether anyone cheered, never who or how many.
 */
const postsAt = (tableId: SQL) => {
  const memberId = sql.placeholder("memberId");
  const before = sql.placeholder("before");
  return sql<PostJson[]>`(select coalesce(json_agg(json_build_array(p.id, p.author_id, p.text, p.reply_to,
      p.image_id, p.status, p.hold_reasons, floor(extract(epoch from p.created_at))::bigint, m.lounge_name,
      p.author_id = ${memberId} and exists (select 1 from ${loungeCheers} c where c.post_id = p.id))
      order by p.created_at desc, p.id desc), '[]')
    from (select * from ${loungePosts} p where p.table_id = ${tableId}
      and (p.status in ('published', 'removed') or p.author_id = ${memberId})
      and (${before}::timestamptz is null or p.created_at < ${before}::timestamptz)
      order by p.created_at desc, p.id desc limit ${sql.placeholder("limit")}) p
    left join ${loungeMembers} m on m.member_id = p.author_id)`;
};

/**
 * A table read, prepared (lib/db/prepared.ts: built once, planned once per connection): it is the
 * Lounge's most frequent request (each live change refetches it). One statement answers it for a
 * seated member: the checks' row with the page of posts beside it, shown only once the row allows.
 */
const tableReads = preparedPerDatabase((db: Db) => {
  const memberId = sql.placeholder("memberId");
  return {
    // One row for every check (the room, the member's band, zone, membership and seat), and the posts.
    standing: withStandingFacts(
      db
        .select({
          room: loungeRooms,
          ...standingColumns,
          timezone: memberProfiles.timezone,
          rulesVersion: loungeMembers.rulesVersion,
          loungeName: loungeMembers.loungeName,
          table: loungeTables,
          posts: postsAt(sql`${loungeSeats}.${sql.identifier("table_id")}`),
        })
        .from(loungeRooms),
      memberId,
    )
      .leftJoin(loungeMembers, eq(loungeMembers.memberId, memberId))
      .leftJoin(loungeSeats, and(eq(loungeSeats.roomId, loungeRooms.id), eq(loungeSeats.memberId, memberId)))
      .leftJoin(loungeTables, eq(loungeTables.id, loungeSeats.tableId))
      .where(eq(loungeRooms.id, sql.placeholder("roomId")))
      .prepare("lounge_table_standing"),
    // The posts alone: a member's first visit, seated by it.
    posts: db
      .select({ posts: postsAt(sql`${sql.placeholder("tableId")}::uuid`) })
      .from(sql`(select 1) as one`)
      .prepare("lounge_table_posts"),
  };
});

/**
 * The posts at the member's table in a room, newest first: published ones, the member's own held ones
 * (marked held, with why), and removed ones as an empty place. Nobody else's held post is ever here.
 * The first visit seats the member.
 */
export async function getLoungeTable(memberId: string, value: unknown, options: Options = {}): Promise<TableView> {
  return (await getLoungeTableWithRoom(memberId, value, options)).view;
}

/** The table page's read (lib/lounge/page.ts): the table, and the room, zone and Lounge name its one statement also read. */
export type TableWithRoom = {
  view: TableView;
  room: Pick<RoomView, "id" | "slug" | "name" | "theme" | "ageBand">;
  zone: string;
  loungeName: string;
};

/** getLoungeTable, with what the page around the table shows (same checks, same statement). */
export async function getLoungeTableWithRoom(
  memberId: string,
  value: unknown,
  options: Options = {},
): Promise<TableWithRoom> {
  const input = value as { roomId?: unknown; before?: unknown; limit?: unknown };
  const roomId = parseId(input?.roomId, "roomId");
  const page = parsePage({ before: input?.before, limit: input?.limit });
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const reads = tableReads(db);
  const pageOf = { before: page.before ? new Date(page.before * 1000).toISOString() : null, limit: page.limit };
  const [row] = await reads.standing.execute({ memberId, roomId, ...pageOf });
  // The room first: one the caller may not enter is a 404 whether or not they joined.
  const standing = row ? standingFrom(row, now) : null;
  if (!row || !standing || standing.band !== row.room.ageBand) throw roomNotFound();
  if (!standing.mayEnter) throw new LoungeError(403, standing.why);
  const room = row.room;
  if (!openingOf(room, zoneFrom(row.timezone), seconds(now)).open)
    throw new LoungeError(403, closedMessage(room), { field: "roomId" });
  // Not joined, or rules accepted in an older version: joinedMember's refusal says which.
  if (row.rulesVersion === null || row.rulesVersion < LOUNGE_RULES_VERSION) await joinedMember(db, memberId);
  const table = row.table ?? (await seatOf(db, memberId, room));
  const posts = row.table
    ? row.posts
    : ((await reads.posts.execute({ memberId, tableId: table.id, ...pageOf }))[0]?.posts ?? []);
  const rows = posts.map(
    ([id, authorId, text, replyTo, imageId, status, holdReasons, createdAt, authorName, cheered]) => ({
      id,
      authorId,
      text,
      replyTo,
      imageId,
      status,
      holdReasons,
      createdAt: Number(createdAt),
      authorName,
      cheered,
    }),
  );
  const photoIds = rows.flatMap((post) => (post.imageId && post.status !== "removed" ? [post.imageId] : []));
  const photos = await imageViews(db, photoIds);
  const view: TableView = {
    roomId: room.id,
    tableId: table.id,
    slowMode: slowModeOf(table, now),
    posts: rows.map((post) => {
      const mine = post.authorId === memberId;
      const removed = post.status === "removed";
      return {
        id: post.id,
        authorName: post.authorName ?? "A former member",
        mine,
        text: removed ? null : post.text,
        replyTo: post.replyTo,
        createdAt: post.createdAt,
        held: post.status === "held",
        holdReasons: mine && post.status === "held" ? post.holdReasons : [],
        removed,
        cheered: mine && post.cheered,
        image: (!removed && post.imageId && photos.get(post.imageId)) || null,
      };
    }),
  };
  const { id, slug, name, theme, ageBand } = room;
  return {
    view,
    room: { id, slug, name, theme, ageBand },
    zone: zoneFrom(row.timezone),
    loungeName: row.loungeName ?? "",
  };
}

/**
 * A post or a reply at the member's table. Checked before publication: contact details, links outside
 * the allow-list and listed words hold it for a moderator (the author sees it as held). Refused over the
 * daily limit, and, while slow mode is on at the table, within its wait; a table that heats up turns
 * slow mode on with its reason. A published post is announced (ids only) on the table's live channel.
 */
export async function postToLounge(memberId: string, value: unknown, options: Options = {}): Promise<PostView> {
  const input = parsePost(value);
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const room = await enterableRoom(db, memberId, input.roomId, now);
  // Photos are for teens and adults (issue 42): a child's post is its words alone.
  if (input.imageUploadId && room.ageBand === "under13")
    throw new LoungeError(403, "Photos are for the teen and adult rooms: post the words alone.", {
      field: "imageUploadId",
    });
  const table = await seatOf(db, memberId, room);
  const zone = await memberTimeZone(db, memberId);
  // A post with a photo waits for the photo check (photo-check.ts), which publishes it when clean.
  const reasons = [...holdReasons(input.text), ...(input.imageUploadId ? (["image-check"] as const) : [])];
  const { post, authorName } = await db.transaction(async (tx) => {
    // The member's row is locked: their daily count and slow-mode wait are read and written in order.
    const member = await joinedMember(tx, memberId, true);
    await assertMayPost(tx, memberId, now);
    if (input.replyTo) {
      const [parent] = await tx
        .select({ replyTo: loungePosts.replyTo, status: loungePosts.status, authorId: loungePosts.authorId })
        .from(loungePosts)
        .where(and(eq(loungePosts.id, input.replyTo), eq(loungePosts.tableId, table.id)));
      if (!parent || (parent.status !== "published" && parent.authorId !== memberId)) throw postNotFound("replyTo");
      if (parent.replyTo)
        throw new LoungeError(400, "Replies go one level deep: reply to the first post of the thread.", {
          field: "replyTo",
        });
    }
    const dayStart = new Date(startOfDay(localDateOf(seconds(now), zone), zone) * 1000);
    const [today] = await tx
      .select({ n: count() })
      .from(loungePosts)
      .where(and(eq(loungePosts.authorId, memberId), gte(loungePosts.createdAt, dayStart)));
    if ((today?.n ?? 0) >= DAILY_POST_LIMIT)
      throw new LoungeError(
        429,
        `You have posted ${DAILY_POST_LIMIT} times today, the Lounge's daily limit: you can post again tomorrow.`,
      );
    const [locked] = await tx.select().from(loungeTables).where(eq(loungeTables.id, table.id)).for("update");
    const slow = slowModeOf(locked!, now);
    if (slow) {
      const [last] = await tx
        .select({ at: loungePosts.createdAt })
        .from(loungePosts)
        .where(and(eq(loungePosts.tableId, table.id), eq(loungePosts.authorId, memberId)))
        .orderBy(desc(loungePosts.createdAt))
        .limit(1);
      const wait = last ? slow.seconds - Math.floor((now.getTime() - last.at.getTime()) / 1000) : 0;
      if (wait > 0)
        throw new LoungeError(429, `${slow.reason} You can post again in ${wait} second${wait === 1 ? "" : "s"}.`);
    }
    const [created] = await tx
      .insert(loungePosts)
      .values({
        roomId: room.id,
        tableId: table.id,
        authorId: memberId,
        replyTo: input.replyTo,
        text: input.text,
        status: reasons.length ? "held" : "published",
        holdReasons: reasons,
        createdAt: now,
      })
      .returning();
    if (input.imageUploadId) {
      // The post holds the upload (404 for someone else's, 409 for one another item holds), in this transaction.
      await claimUpload(tx, memberId, input.imageUploadId, { kind: LOUNGE_IMAGE_HOLDER, id: created!.id }).catch(
        (error: unknown) => {
          const failure = error as { status?: number; message?: string };
          if (failure.status === 404) throw new LoungeError(404, "Photo not found", { field: "imageUploadId" });
          if (failure.status === 409 || failure.status === 422)
            throw new LoungeError(failure.status, failure.message ?? "This photo cannot be used.", {
              field: "imageUploadId",
            });
          throw error;
        },
      );
      await tx.update(loungePosts).set({ imageId: input.imageUploadId }).where(eq(loungePosts.id, created!.id));
      await schedulePhotoCheck(tx, created!, now);
    }
    // A published reply tells the first post's author, when they asked (replies.ts), with the post.
    if (created!.status === "published") await noticeReply(tx, created!, now);
    const [recent] = await tx
      .select({ n: count() })
      .from(loungePosts)
      .where(and(eq(loungePosts.tableId, table.id), gte(loungePosts.createdAt, new Date(now.getTime() - 60_000))));
    const heat = heatOf(recent?.n ?? 0, now);
    if (heat)
      await tx
        .update(loungeTables)
        .set({ slowUntil: heat.until, slowSeconds: heat.seconds, slowReason: heat.reason })
        .where(eq(loungeTables.id, table.id));
    return { post: created!, authorName: member.loungeName };
  });
  if (post.status === "published") await announce(options, table.id, "post.published", post.id);
  return {
    id: post.id,
    authorName,
    mine: true,
    text: post.text,
    replyTo: post.replyTo,
    createdAt: seconds(post.createdAt),
    held: post.status === "held",
    holdReasons: post.holdReasons,
    removed: false,
    cheered: false,
    image: input.imageUploadId
      ? ((await imageViews(db, [input.imageUploadId])).get(input.imageUploadId) ?? null)
      : null,
  };
}

/** After the change committed: a failed publish is logged, the post is stored and the next refetch shows it. */
async function announce(options: Options, tableId: string, kind: string, postId: string) {
  try {
    const publish = options.publish ?? (async (channel, event) => (await getLivePort()).publish(channel, event));
    await publish(tableChannel(tableId), { kind, ids: { postId } });
  } catch (error) {
    logError("lounge: live publish failed", error);
  }
}

/** A published post at the member's own table (not removed, not someone's held one), else 404. */
async function postAtMyTable(db: Db, memberId: string, postId: string) {
  const [row] = await db
    .select({ post: loungePosts })
    .from(loungePosts)
    .innerJoin(loungeSeats, and(eq(loungeSeats.tableId, loungePosts.tableId), eq(loungeSeats.memberId, memberId)))
    .where(and(eq(loungePosts.id, postId), eq(loungePosts.status, "published")));
  if (!row) throw postNotFound();
  return row.post;
}

/** A private cheer: only the post's author learns that someone cheered, never who or how many. */
export async function cheerLoungePost(memberId: string, postIdValue: unknown, options: Options = {}): Promise<void> {
  const postId = parseId(postIdValue, "postId");
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  await joinedMember(db, memberId);
  const post = await postAtMyTable(db, memberId, postId);
  await enterableRoom(db, memberId, post.roomId, now);
  if (post.authorId === memberId)
    throw new LoungeError(400, "Cheers are for other people's posts.", { field: "postId" });
  await db.insert(loungeCheers).values({ postId, fromId: memberId }).onConflictDoNothing();
}

/**
 * A private report in two taps: a fixed reason and an optional note, taken at any hour (a closed room
 * still takes reports). Reporting again replaces the member's earlier reason and note.
 */
export async function reportLoungePost(memberId: string, value: unknown, options: Options = {}): Promise<void> {
  const input = value as { postId?: unknown };
  const postId = parseId(input?.postId, "postId");
  const { reason, note } = parseReport(value);
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  await joinedMember(db, memberId);
  const post = await postAtMyTable(db, memberId, postId);
  await enterableRoom(db, memberId, post.roomId, now, true);
  if (post.authorId === memberId) throw new LoungeError(400, "You cannot report your own post.", { field: "postId" });
  const priority = REPORT_PRIORITY[reason];
  await db
    .insert(loungeReports)
    .values({ postId, reporterId: memberId, reason, note, priority, createdAt: now })
    .onConflictDoUpdate({
      target: [loungeReports.postId, loungeReports.reporterId],
      set: { reason, note, priority, createdAt: now },
    });
}

/**
 * A carer's switch for a child under 13 (off until turned on). Only the child's carers
 * (lib/circles/carers.ts); anyone else gets 404 "Child not found".
 */
export async function setChildLounge(carerId: string, value: unknown, options: Options = {}): Promise<void> {
  const { childId, enabled } = parseChildSwitch(value);
  const db = await dbOf(options);
  if (!(await isCarerOf(db, carerId, childId, options.now)))
    throw new LoungeError(404, "Child not found", { field: "childId" });
  await db
    .insert(loungeChildSettings)
    .values({ childId, enabled, setBy: carerId })
    .onConflictDoUpdate({
      target: loungeChildSettings.childId,
      set: { enabled, setBy: carerId, updatedAt: options.now ?? new Date() },
    });
}

/**
 * A grown-up of the member's circle (its owner or a guardian) confirms that the member, whose date of
 * birth says 13-17, is a teen: the teen rooms open to them. Anyone else, or a member whose date of
 * birth does not say 13-17, answers 404 "Member not found" (nothing tells a stranger who is a teen).
 */
export async function confirmTeenBand(carerId: string, value: unknown, options: Options = {}): Promise<void> {
  const { memberId } = parseTeenConfirmation(value);
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const carer = alias(circleMemberships, "carer");
  const [shared] = await db
    .select({ circleId: circleMemberships.circleId })
    .from(circleMemberships)
    .innerJoin(
      carer,
      and(
        eq(carer.circleId, circleMemberships.circleId),
        eq(carer.memberId, carerId),
        inArray(carer.role, ["owner", "guardian"]),
      ),
    )
    .where(and(eq(circleMemberships.memberId, memberId), inArray(circleMemberships.role, ["member", "child"])))
    .limit(1);
  const standing = await loungeStanding(db, memberId, now);
  if (!shared || carerId === memberId || standing.band !== "teen" || standing.mayEnter)
    throw new LoungeError(404, "Member not found", { field: "memberId" });
  await db
    .insert(loungeTeenConfirmations)
    .values({ memberId, confirmedBy: carerId, confirmedAt: now })
    .onConflictDoNothing();
}

/** Whether a live listener may follow a room's table: the same checks as reading it; the channel to follow. */
export async function loungeTableChannel(
  memberId: string,
  roomIdValue: unknown,
  options: Options = {},
): Promise<string> {
  const roomId = parseId(roomIdValue, "roomId");
  const db = await dbOf(options);
  const now = options.now ?? new Date();
  const room = await enterableRoom(db, memberId, roomId, now);
  await joinedMember(db, memberId);
  return tableChannel((await seatOf(db, memberId, room)).id);
}
