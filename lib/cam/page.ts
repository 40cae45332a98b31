import { and, inArray, ne } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { childCamSettings } from "../db/schema/cam";
import { circleMemberships } from "../db/schema/circles";
import type { Member } from "../auth/member";
import { childAccountOf, type ChildAccount } from "../circles/carers";
import { childrenInCareOf } from "../circles/children";
import { circlesOf } from "../circles/membership";
import { MAX_UPLOAD_BYTES, uploadQuota } from "../uploads";
import { isCamError } from "./errors";
import { mayShareMoments, mayShareMomentsAs } from "./access";
import { PAGE_SIZE } from "./model";
import { getMoment, getMyAlbums, getMyMoments, type Album, type MomentView } from "./store";

/**
 * Happr Cam's pages' data, in one place: the timeline (/cam, filtered by a habit or an album, paged by
 * `before`), one moment's page, and what their forms offer (albums, whom the member may share with,
 * the carers' switches). The member's habits for the habit select come from My Habits' own store.
 */

export type ShareTargets = {
  circles: { id: string; name: string }[];
  people: { memberId: string; name: string }[];
};
export type ChildCamSwitch = { childId: string; name: string; mayShare: boolean };

export type CamPage = {
  moments: MomentView[];
  albums: Album[];
  quota: { usedBytes: number; limitBytes: number };
  maxBytes: number;
  isChild: boolean;
  /** A child sees sharing only when their carers allow it (an adult: always true). */
  mayShare: boolean;
  shareTargets: ShareTargets;
  childrenInCare: ChildCamSwitch[];
  /** `before` for the next (older) page; null when this page is the last. */
  nextBefore: number | null;
};

type Filter = { habitId?: string | null; albumId?: string | null; before?: number | null };

/**
 * Whom the member may share a moment with: the circles they are in and the people in them (by the
 * name each circle knows them by). A child: their own circle alone, and nobody when sharing is off.
 */
export async function shareTargetsOf(db: Db, memberId: string): Promise<ShareTargets> {
  if (!(await mayShareMoments(db, memberId))) return { circles: [], people: [] };
  return shareTargetsAs(db, memberId, await childAccountOf(db, memberId));
}

/** shareTargetsOf for a member who may share, whose child's account (or null) is already read. */
async function shareTargetsAs(db: Db, memberId: string, child: ChildAccount | null): Promise<ShareTargets> {
  const circles = (await circlesOf(db, memberId))
    .filter((circle) => !child || circle.circleId === child.circleId)
    .map((circle) => ({ id: circle.circleId, name: circle.name }));
  if (circles.length === 0) return { circles, people: [] };
  const rows = await db
    .select({ memberId: circleMemberships.memberId, name: circleMemberships.name })
    .from(circleMemberships)
    .where(
      and(
        inArray(
          circleMemberships.circleId,
          circles.map((circle) => circle.id),
        ),
        ne(circleMemberships.memberId, memberId),
      ),
    )
    .orderBy(circleMemberships.joinedAt);
  const people = new Map<string, string>();
  for (const row of rows) if (!people.has(row.memberId)) people.set(row.memberId, row.name ?? "Someone in your circle");
  return { circles, people: [...people].map(([id, name]) => ({ memberId: id, name })) };
}

async function childSwitches(db: Db, memberId: string): Promise<ChildCamSwitch[]> {
  const children = await childrenInCareOf(memberId, { db });
  if (children.length === 0) return [];
  const settings = await db
    .select()
    .from(childCamSettings)
    .where(
      inArray(
        childCamSettings.childId,
        children.map((child) => child.childId),
      ),
    );
  return children.map((child) => ({
    childId: child.childId,
    name: child.name,
    mayShare: settings.find((setting) => setting.childId === child.childId)?.mayShare ?? false,
  }));
}

/** What the timeline pages (/cam, /cam/compare) show: the moments, the albums, the space used, and whether the member is a child (no prompt setting). */
export type CamTimeline = Pick<CamPage, "moments" | "albums" | "quota" | "maxBytes" | "nextBefore" | "isChild">;

/**
 * /cam's timeline (newest first, a page of PAGE_SIZE), its albums and the space used, read at once: what
 * /cam and /cam/compare render, without the sharing and carers' reads they do not show.
 */
export async function loadCamTimeline(
  member: Pick<Member, "memberId">,
  filter: Filter = {},
  options: { db?: Db } = {},
): Promise<CamTimeline> {
  const db = options.db ?? (await getDb());
  const { memberId } = member;
  const [moments, albums, quota, child] = await Promise.all([
    getMyMoments(memberId, { ...filter, limit: PAGE_SIZE + 1 }, { db }),
    getMyAlbums(memberId, { db }),
    uploadQuota(memberId, { db }),
    childAccountOf(db, memberId),
  ]);
  return {
    isChild: child !== null,
    moments: moments.slice(0, PAGE_SIZE),
    albums,
    quota,
    maxBytes: MAX_UPLOAD_BYTES,
    nextBefore: moments.length > PAGE_SIZE ? moments[PAGE_SIZE - 1]!.createdAt : null,
  };
}

/** The carers' switches /circle shows: one per child in the member's care (none for a child). */
export async function loadChildCamSwitches(
  member: Pick<Member, "memberId">,
  options: { db?: Db } = {},
): Promise<ChildCamSwitch[]> {
  const db = options.db ?? (await getDb());
  return (await childAccountOf(db, member.memberId)) ? [] : childSwitches(db, member.memberId);
}

/** Cam's data in full: the timeline and what its forms offer (whom the member may share with, the carers' switches). */
export async function loadCamPage(
  member: Pick<Member, "memberId">,
  filter: Filter = {},
  options: { db?: Db } = {},
): Promise<CamPage> {
  const db = options.db ?? (await getDb());
  const { memberId } = member;
  // Every read at once; the child's account (which sharing and the carers' switches depend on) once.
  const childRead = childAccountOf(db, memberId);
  const mayShareRead = childRead.then((child) => mayShareMomentsAs(db, memberId, child));
  const [timeline, mayShare, shareTargets, childrenInCare] = await Promise.all([
    loadCamTimeline(member, filter, { db }),
    mayShareRead,
    Promise.all([childRead, mayShareRead]).then(([child, mayShare]) =>
      mayShare ? shareTargetsAs(db, memberId, child) : { circles: [], people: [] },
    ),
    childRead.then((child) => (child ? [] : childSwitches(db, memberId))),
  ]);
  return { ...timeline, mayShare, shareTargets, childrenInCare };
}

/** One moment's page (/cam/<id>): null when the member may not see it (the page answers 404). */
export async function loadMoment(
  member: Pick<Member, "memberId">,
  momentId: string,
  options: { db?: Db } = {},
): Promise<{ moment: MomentView; albums: Album[]; mayShare: boolean; shareTargets: ShareTargets } | null> {
  const db = options.db ?? (await getDb());
  try {
    const moment = await getMoment(member.memberId, momentId, { db });
    return {
      moment,
      albums: moment.mine ? await getMyAlbums(member.memberId, { db }) : [],
      mayShare: moment.mine && (await mayShareMoments(db, member.memberId)),
      shareTargets: moment.mine ? await shareTargetsOf(db, member.memberId) : { circles: [], people: [] },
    };
  } catch (error) {
    if (isCamError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Whether the pages cover photos until opened (and whether that is the member's own choice), and the prompt's day. */
export { camPreferencesOf, concealChoice, concealsPhotos } from "./preferences";
