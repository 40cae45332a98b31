import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { childConsents, circleMemberships } from "../db/schema/circles";
import { loungeChildSettings, loungePosts, loungeRooms, type LoungePostStatus } from "../db/schema/lounge";
import { isCarerOf } from "../circles/carers";
import { loungeStanding } from "./access";
import { LoungeError } from "./errors";

/**
 * What the carers' pages on /circle read (issue 42, point 6): a child's switch and the child's own posts
 * for their carers (lib/circles/carers.ts, the one rule), and the members of a grown-up's circles whose
 * teen band waits for them. Teens are never read here: a child that turns 13 has no carer any more, so
 * childLoungeOverview answers 404 from that month on.
 */

type Options = { db?: Db; now?: Date };

export type ChildLoungePost = {
  id: string;
  roomName: string;
  /** The child's own words, as the child sees them (a removed post's too: the carer is the grown-up who follows up). */
  text: string;
  status: LoungePostStatus;
  reply: boolean;
  createdAt: number;
};
/** `name`: what the child's circle calls them (null when it gives no name). */
export type ChildLoungeOverview = { name: string | null; enabled: boolean; posts: ChildLoungePost[] };

/** The most a carer's page lists: the newest, as a table's page does. */
export const CHILD_POSTS_SHOWN = 100;

const childNotFound = () => new LoungeError(404, "Child not found", { field: "childId" });

/**
 * The child's Lounge as their carer sees it: whether it is on, and the child's own posts, newest first,
 * with their room and status. Anyone who is not the child's carer (a stranger, a plain member of the
 * circle, the child itself, a carer once the child turned 13) gets 404 "Child not found".
 */
export async function childLoungeOverview(
  carerId: string,
  childIdValue: unknown,
  options: Options = {},
): Promise<ChildLoungeOverview> {
  if (typeof childIdValue !== "string" || !childIdValue || childIdValue.length > 255) throw childNotFound();
  const childId = childIdValue;
  const db = options.db ?? (await getDb());
  if (carerId === childId || !(await isCarerOf(db, carerId, childId, options.now))) throw childNotFound();
  const [setting] = await db
    .select({ enabled: loungeChildSettings.enabled })
    .from(loungeChildSettings)
    .where(eq(loungeChildSettings.childId, childId));
  const [named] = await db
    .select({ name: circleMemberships.name, contact: circleMemberships.contact })
    .from(childConsents)
    .innerJoin(
      circleMemberships,
      and(eq(circleMemberships.circleId, childConsents.circleId), eq(circleMemberships.memberId, childId)),
    )
    .where(eq(childConsents.childId, childId));
  const rows = await db
    .select({ post: loungePosts, roomName: loungeRooms.name })
    .from(loungePosts)
    .innerJoin(loungeRooms, eq(loungeRooms.id, loungePosts.roomId))
    .where(eq(loungePosts.authorId, childId))
    .orderBy(desc(loungePosts.createdAt), desc(loungePosts.id))
    .limit(CHILD_POSTS_SHOWN);
  return {
    name: named?.name ?? named?.contact ?? null,
    enabled: Boolean(setting?.enabled),
    posts: rows.map(({ post, roomName }) => ({
      id: post.id,
      roomName,
      text: post.text,
      status: post.status,
      reply: post.replyTo !== null,
      createdAt: Math.floor(post.createdAt.getTime() / 1000),
    })),
  };
}

export type TeenToConfirm = { memberId: string; name: string };

/**
 * The members of circles the caller owns or guards whose date of birth puts them in the teen band and
 * who wait for a grown-up to confirm it (confirmTeenBand). Nobody else's band is listed.
 */
export async function teensToConfirm(carerId: string, options: Options = {}): Promise<TeenToConfirm[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const carer = alias(circleMemberships, "carer");
  const rows = await db
    .select({ memberId: circleMemberships.memberId, name: circleMemberships.name, contact: circleMemberships.contact })
    .from(circleMemberships)
    .innerJoin(
      carer,
      and(
        eq(carer.circleId, circleMemberships.circleId),
        eq(carer.memberId, carerId),
        inArray(carer.role, ["owner", "guardian"]),
      ),
    )
    .where(and(inArray(circleMemberships.role, ["member", "child"]), ne(circleMemberships.memberId, carerId)));
  const seen = new Set<string>();
  const waiting: TeenToConfirm[] = [];
  for (const row of rows) {
    if (seen.has(row.memberId)) continue;
    seen.add(row.memberId);
    const standing = await loungeStanding(db, row.memberId, now);
    if (standing.band === "teen" && !standing.mayEnter)
      waiting.push({ memberId: row.memberId, name: row.name ?? row.contact ?? "A member of your circle" });
  }
  return waiting;
}
