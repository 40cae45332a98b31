import "server-only";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { memberTimeZone } from "../profile/zone";
import { isDiscreet } from "../settings/settings";
import { dateTimeFormat } from "../format/intl";
import { childAccountOf } from "../circles/carers";
import { LoungeError } from "./errors";
import { childLoungeOverview, type ChildLoungePost } from "./family";
import { markRepliesSeen, replyEmailsOn, roomsWithNewReplies } from "./replies";
import { HOLD_REASON_TEXT } from "./holds";
import { isLoungeModerator } from "./moderation";
import { DAILY_POST_LIMIT, PAGE_SIZE, POST_MAX } from "./model";
import { LOUNGE_RULES } from "./rules";
import {
  getLoungeRooms,
  getLoungeTableWithRoom,
  type PostView,
  type RoomView,
  type RoomsView,
  type TableWithRoom,
} from "./store";

/**
 * Happr Lounge's pages' data, in one place: /lounge (the house rules and the Lounge name to join, or
 * the rooms of the member's band) and /lounge/<room id> (the member's table, or the room's closed
 * notice). Times are put in words in the member's own zone, as the rooms open by it.
 */

type Options = { db?: Db; now?: Date };

/** A room as /lounge lists it: open, or when it opens in the member's words. */
export type RoomLine = RoomView & {
  opensAtText: string | null;
  /** Someone replied to one of the member's posts here since they last read the table. */
  newReplies: boolean;
};

export type LoungeHome = {
  discreet: boolean;
  joined: boolean;
  loungeName: string | null;
  /** Why no room is listed: a carer switched it off, a teen band waits for a grown-up to confirm it. */
  notice: string | null;
  rooms: RoomLine[];
  rules: typeof LOUNGE_RULES;
  /** An under-13 child's account: the page tells them their carers may read their posts. */
  readByCarers: boolean;
  /** Whether the member asked for reply emails (a child's account never gets them). */
  replyEmails: boolean;
  /** Named in LOUNGE_MODERATORS: /lounge links the moderators' console (nobody else sees the link). */
  moderator: boolean;
};

/** A post as the table shows it: its time in words and, for its author's held post, why it waits. */
export type PostLine = PostView & { when: string; heldBecause: string[] };
/** A first post and its replies (one level deep), oldest reply first so a thread reads down. */
export type Thread = { post: PostLine; replies: PostLine[] };

export type LoungeRoomPage =
  /** Not joined yet (or the rules changed): /lounge asks first. */
  | { kind: "join" }
  | { kind: "closed"; discreet: boolean; room: TableWithRoom["room"]; message: string }
  | {
      kind: "table";
      discreet: boolean;
      room: TableWithRoom["room"];
      loungeName: string;
      slowMode: { reason: string; until: string } | null;
      threads: Thread[];
      limits: { dailyPosts: number; postMax: number };
      /** Showing posts before this instant (Unix s) rather than the newest. */
      before: number | null;
      /** The cursor of the next older page (the oldest post shown), or null when these are the oldest. */
      olderBefore: number | null;
    };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The member's clock on an instant: its date and 24-hour time, by one shared formatter per zone. */
function clockOf(at: number, zone: string): Record<string, string> {
  const parts = dateTimeFormat("en-GB", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at * 1000);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/**
 * "14:05" today, "27 Nov, 21:40" another day: the member's clock, 24-hour as the rooms' hours are. A
 * function of the instant for one zone and moment, so a table of 50 posts finds today's date once
 * (Intl, not Temporal: a quarter of the time per post, measured with the bench's `lounge-page` table).
 */
export function clockFor(zone: string, now: Date): (at: number) => string {
  const today = clockOf(Math.floor(now.getTime() / 1000), zone);
  return (at) => {
    const local = clockOf(at, zone);
    const clock = `${local.hour}:${local.minute}`;
    if (local.year === today.year && local.month === today.month && local.day === today.day) return clock;
    return `${Number(local.day)} ${MONTHS[Number(local.month) - 1]}, ${clock}`;
  };
}

export function whenText(at: number, zone: string, now: Date): string {
  return clockFor(zone, now)(at);
}

/**
 * The table's posts as threads, newest thread first (the library gives posts newest first). A reply
 * whose first post is on an older page stands alone, so nothing on the page is lost.
 */
export function threadsOf(posts: PostLine[]): Thread[] {
  const firsts = new Map<string, Thread>();
  const threads: Thread[] = [];
  for (const post of posts)
    if (!post.replyTo) {
      const thread = { post, replies: [] };
      firsts.set(post.id, thread);
      threads.push(thread);
    }
  for (const post of [...posts].reverse()) {
    if (!post.replyTo) continue;
    const thread = firsts.get(post.replyTo);
    if (thread) thread.replies.push(post);
  }
  for (const post of posts)
    if (post.replyTo && !firsts.has(post.replyTo)) {
      // Placed by its own time among the threads (both lists are newest first).
      const at = threads.findIndex((thread) => thread.post.createdAt < post.createdAt);
      threads.splice(at === -1 ? threads.length : at, 0, { post, replies: [] });
    }
  return threads;
}

const roomLine = (room: RoomView, zone: string, now: Date, replied: Set<string>): RoomLine => ({
  ...room,
  opensAtText: room.opensAt === null ? null : whenText(room.opensAt, zone, now),
  newReplies: replied.has(room.id),
});

async function homeOf(memberId: string, options: Options): Promise<LoungeHome & { zone: string }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [view, discreet, zone, child, replied, replyEmails, moderator] = await Promise.all([
    getLoungeRooms(memberId, { db, now }) as Promise<RoomsView>,
    isDiscreet(memberId, db),
    memberTimeZone(db, memberId),
    childAccountOf(db, memberId, now),
    roomsWithNewReplies(memberId, { db }),
    replyEmailsOn(memberId, { db }),
    isLoungeModerator(memberId, { db }),
  ]);
  return {
    discreet,
    zone,
    joined: view.joined,
    loungeName: view.loungeName,
    notice: view.notice,
    rooms: view.rooms.map((room) => roomLine(room, zone, now, replied)),
    rules: LOUNGE_RULES,
    readByCarers: child !== null,
    replyEmails,
    moderator,
  };
}

/** /lounge: the rules and the name to join with, or the rooms of the member's band. */
export async function loadLoungePage(memberId: string, options: Options = {}): Promise<LoungeHome> {
  return homeOf(memberId, options);
}

/**
 * /lounge/<room id>: the member's table (seating them on their first visit), or the room's notice
 * when it is closed for the night; null when the room is not one of the member's (the page is a 404).
 * The usual view, a member at their open table, is one statement (the table's read checks the room,
 * band, membership and hours itself); any refusal takes the rooms' route, which says which page to show.
 */
export async function loadLoungeRoom(
  memberId: string,
  roomId: string,
  options: Options & { before?: number | null } = {},
): Promise<LoungeRoomPage | null> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  // A page of PAGE_SIZE posts before the cursor, as the API's `before` pages (the same read for both).
  const before = options.before ?? null;
  try {
    const [table, discreet] = await Promise.all([
      getLoungeTableWithRoom(memberId, { roomId, before, limit: PAGE_SIZE }, { db, now }),
      isDiscreet(memberId, db),
    ]);
    await markRepliesSeen(memberId, roomId, { db, now });
    const { view } = table;
    const when = clockFor(table.zone, now);
    const lines = view.posts.map((post): PostLine => ({
      ...post,
      when: when(post.createdAt),
      heldBecause: post.holdReasons.map((reason) => HOLD_REASON_TEXT[reason]),
    }));
    return {
      kind: "table",
      discreet,
      room: table.room,
      loungeName: table.loungeName,
      slowMode: view.slowMode ? { reason: view.slowMode.reason, until: when(view.slowMode.until) } : null,
      threads: threadsOf(lines),
      limits: { dailyPosts: DAILY_POST_LIMIT, postMax: POST_MAX },
      before,
      // A full page may have older posts behind it: its oldest post's time is the next cursor.
      olderBefore: view.posts.length === PAGE_SIZE ? view.posts.at(-1)!.createdAt : null,
    };
  } catch (error) {
    if (!(error instanceof LoungeError)) throw error;
    return refusedRoom(memberId, roomId, error, { db, now });
  }
}

/** Why the table was refused, as a page: join first, the night's notice, or not one of the member's rooms. */
async function refusedRoom(
  memberId: string,
  roomId: string,
  error: LoungeError,
  options: Required<Options>,
): Promise<LoungeRoomPage | null> {
  const home = await homeOf(memberId, options);
  if (!home.joined) return { kind: "join" };
  const room = home.rooms.find((entry) => entry.id === roomId);
  if (!room) return null;
  // Night hours: the room's own message says when it opens, by the member's clock.
  if (error.status === 403 && error.field === "roomId")
    return { kind: "closed", discreet: home.discreet, room, message: error.message };
  throw error;
}

/** The tab's title: in discreet mode a neutral word, so a glance at the screen does not say "Lounge". */
export async function loungeTitle(memberId: string | undefined, title: string, options: Options = {}) {
  if (!memberId) return title;
  return (await isDiscreet(memberId, options.db)) ? NEUTRAL_TITLE : title;
}
export const NEUTRAL_TITLE = "Notes";

/** A child's post as their carer's page lists it: its time in words by the carer's clock. */
export type ChildPostLine = ChildLoungePost & { when: string };
export type ChildLoungePage = { childId: string; name: string; enabled: boolean; posts: ChildPostLine[] };

/**
 * /circle/children/<child id>: the child's Lounge switch and own posts for one of their carers; null
 * (the page is a 404) for anyone else, as for a child that does not exist.
 */
export async function loadChildLounge(
  carerId: string,
  childId: string,
  options: Options = {},
): Promise<ChildLoungePage | null> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  try {
    const overview = await childLoungeOverview(carerId, childId, { db, now });
    const when = clockFor(await memberTimeZone(db, carerId), now);
    return {
      childId,
      name: overview.name ?? "Your child",
      enabled: overview.enabled,
      posts: overview.posts.map((post) => ({ ...post, when: when(post.createdAt) })),
    };
  } catch (error) {
    if (error instanceof LoungeError && error.status === 404) return null;
    throw error;
  }
}
