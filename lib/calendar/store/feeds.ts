import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { calendarFeeds } from "../../db/schema/calendar";
import { hashToken, newToken } from "../../secrets";
import { invalidField } from "../errors";
import { writeICalendar, type FeedEvent } from "../ics/export";
import { eventSeenBy, visibleEventRows } from "./events";

/**
 * Private calendar feeds: one link per member, an iCalendar file of everything the member may see
 * (others' BUSY events as "Busy", never anyone's private event but their own). Only the token's
 * SHA-256 is stored: the link is shown once, when made. Rotating makes a new link and the old one
 * stops at once; revoking (the member, or the safety reset) deletes it. An unknown or revoked token
 * answers nothing (the route says 404).
 */

type Options = { db?: Db };

const FEED_PATH = "/api/calendar/feed/";

export const feedUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, "")}${FEED_PATH}${token}.ics`;

/** rotateCalendarFeed: a new link replaces the member's old one; the token is returned once. */
export async function rotateFeed(
  memberId: string,
  neutralTitles: unknown,
  options: Options = {},
): Promise<{ token: string }> {
  if (typeof neutralTitles !== "boolean") throw invalidField("neutralTitles", "must be true or false");
  const db = options.db ?? (await getDb());
  const token = newToken();
  const row = { memberId, tokenHash: hashToken(token), neutralTitles, createdAt: new Date(), lastUsedAt: null };
  await db.insert(calendarFeeds).values(row).onConflictDoUpdate({ target: calendarFeeds.memberId, set: row });
  return { token };
}

/** Ends the member's feed link (nothing to do when there is none). Takes a transaction (the safety reset's). */
export async function revokeFeed(db: Db, memberId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.memberId, memberId));
}

export type FeedStatus = { neutralTitles: boolean; createdAt: Date; lastUsedAt: Date | null };

/** What /calendar shows about the link (never the link itself: it was shown once). */
export async function feedStatusOf(memberId: string, options: Options = {}): Promise<FeedStatus | null> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({
      neutralTitles: calendarFeeds.neutralTitles,
      createdAt: calendarFeeds.createdAt,
      lastUsedAt: calendarFeeds.lastUsedAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.memberId, memberId));
  return row ?? null;
}

/** The feed a token opens, as iCalendar text, recording its use; null for an unknown or revoked token. */
export async function readFeed(token: string, options: Options & { host: string; now?: Date }): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [feed] = await db
    .update(calendarFeeds)
    .set({ lastUsedAt: now })
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .returning();
  if (!feed) return null;
  return calendarFile(db, feed.memberId, { host: options.host, neutralTitles: feed.neutralTitles, now });
}

/** The one-off download: the member's calendar as they see it, titles included. */
export async function downloadCalendar(
  memberId: string,
  options: Options & { host: string; now?: Date },
): Promise<string> {
  const db = options.db ?? (await getDb());
  return calendarFile(db, memberId, { host: options.host, neutralTitles: false, now: options.now ?? new Date() });
}

async function calendarFile(
  db: Db,
  memberId: string,
  options: { host: string; neutralTitles: boolean; now: Date },
): Promise<string> {
  const rows = await visibleEventRows(db, memberId);
  const events: FeedEvent[] = rows.map((row) => ({
    uid: `${row.id}@${options.host}`,
    event: eventSeenBy(row, memberId),
    updatedAt: Math.floor(row.updatedAt.getTime() / 1000),
  }));
  return writeICalendar(events, {
    name: "Happr",
    neutralTitles: options.neutralTitles,
    now: Math.floor(options.now.getTime() / 1000),
  });
}
