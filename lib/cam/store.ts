import { randomUUID } from "node:crypto";
import { aliasedTable, and, desc, eq, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { childCamSettings, momentAlbums, momentReactions, moments } from "../db/schema/cam";
import { circleMemberships, circles, shares } from "../db/schema/circles";
import { images } from "../db/schema/uploads";
import { ownersWithinReach, type ItemKinds } from "../circles/sharing";
import { isCarerOf } from "../circles/carers";
import { localDateOf } from "../time";
import { memberTimeZone } from "../profile/zone";
import {
  claimUpload,
  deleteImages,
  imageViewColumns,
  imageViewOf,
  processPendingImages,
  type ImageView,
} from "../uploads";
import { isUuid } from "../uuid";
import type { ObjectStore } from "../storage";
import { mayShareMoments, momentAccess, momentVisibleTo } from "./access";
import { albumNotFound, CamError, momentNotFound } from "./errors";
import {
  parseAlbum,
  parseChildSharing,
  parseFilter,
  parseMomentInput,
  parseReaction,
  type MomentInput,
  type Reaction,
} from "./model";

export const MOMENT_HOLDER = "moment";

/** A moment's photo: lib/uploads' one view of an image. */
export type MomentImage = ImageView;
export type MomentReaction = { reaction: Reaction; note: string | null; at: number; fromName: string };
export type MomentShare = { shareId: string; memberId: string | null; circleId: string | null; name: string | null };
export type MomentView = {
  id: string;
  ownerId: string;
  ownerName: string;
  mine: boolean;
  image: MomentImage;
  note: string | null;
  day: string;
  alt: string | null;
  habitId: string | null;
  albumId: string | null;
  goalId: string | null;
  reactions: MomentReaction[];
  shares: MomentShare[];
  createdAt: number;
  updatedAt: number;
};
export type Album = { id: string; name: string; createdAt: number; momentCount: number };

type Options = { db?: Db; store?: ObjectStore };
/**
 * What Cam asks of My Vision Board, given by lib/features.ts (`camLinks`): Cam imports no other
 * feature. `goalOwnerOf`: whose goal this is (any of their boards), null for an id that is no goal.
 */
export type CamLinks = { goalOwnerOf: (goalId: string, db: Db) => Promise<string | null> };
/**
 * `kinds`: the shareable kinds (lib/features.ts `itemKinds`): how a habit id is known to be the
 * caller's; `links`: how a goal id is (lib/features.ts `camLinks`).
 */
type WriteOptions = Options & { kinds: ItemKinds; links: CamLinks; processNow?: boolean };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The name a viewer knows the owner by: the one they joined a shared circle with. */
const ownerNameFor = (viewerId: string | Placeholder) => sql<string | null>`(select m.name from ${circleMemberships} m
  where m.member_id = ${moments.ownerId} and m.name is not null and (m.member_id = ${viewerId} or m.circle_id in
    (select v.circle_id from ${circleMemberships} v where v.member_id = ${viewerId}))
  order by m.joined_at limit 1)`;

const selection = (viewerId: string | Placeholder) => ({
  moment: moments,
  image: { ...imageViewColumns, capturedOn: images.capturedOn },
  ownerName: ownerNameFor(viewerId),
});

type Row = {
  moment: typeof moments.$inferSelect;
  image: {
    status: string;
    width: number | null;
    height: number | null;
    placeholder: string | null;
    capturedOn: string | null;
    error: string | null;
  };
  ownerName: string | null;
};

const ownersMoment = aliasedTable(moments, "own_moment");

/**
 * The ids of a page of moments `viewer` may see, found owner by owner (the viewer and each person in a
 * circle with them): each owner's newest moments by their own index, `limit` at most, then merged. One
 * scan in date order would read every family's moments, and one over the owners' rows every moment of
 * their history (issue 43). `conditions` narrow each owner's moments (`own_moment`).
 */
const newestPerOwner = (viewer: string | Placeholder, conditions: SQL[], limit: number | Placeholder) =>
  sql`select newest.id from (${ownersWithinReach(viewer)}) reach cross join lateral
    (select ${ownersMoment.id} as id from ${moments} own_moment
      where ${and(eq(ownersMoment.ownerId, sql`reach.owner_id`), momentVisibleTo(viewer, ownersMoment.id, ownersMoment.ownerId), ...conditions)}
      order by ${ownersMoment.createdAt} desc, ${ownersMoment.id} desc limit ${limit}) newest`;

/**
 * A page of moments' reads, prepared (lib/db/prepared.ts): building them (the sharing rule's SQL above
 * all) cost more of a timeline request than running them. `ids`: the owner's moments on the page,
 * comma-separated. `timeline`: the page itself when no habit, goal or album narrows it (`newestPerOwner`).
 */
const pageReads = preparedPerDatabase((db: Db) => {
  const viewer = sql.placeholder("viewer");
  const ids = sql`string_to_array(${sql.placeholder("ids")}, ',')`;
  const before = sql.placeholder("before");
  const limit = sql.placeholder("limit");
  return {
    timeline: db
      .select(selection(viewer))
      .from(moments)
      .innerJoin(images, eq(images.id, moments.imageId))
      .where(
        sql`${moments.id} in (${newestPerOwner(
          viewer,
          [sql`(${before}::timestamptz is null or ${ownersMoment.createdAt} < ${before}::timestamptz)`],
          limit,
        )})`,
      )
      .orderBy(desc(moments.createdAt), desc(moments.id))
      .limit(limit)
      .prepare("cam_timeline"),
    reactions: db
      .select({
        momentId: momentReactions.momentId,
        reaction: momentReactions.reaction,
        note: momentReactions.note,
        at: momentReactions.createdAt,
        fromName: sql<
          string | null
        >`(select m.name from ${circleMemberships} m where m.member_id = ${momentReactions.authorId}
          and m.name is not null and m.circle_id in (select v.circle_id from ${circleMemberships} v where v.member_id = ${viewer})
          order by m.joined_at limit 1)`,
      })
      .from(momentReactions)
      .where(sql`${momentReactions.momentId} = any(${ids}::uuid[])`)
      .orderBy(momentReactions.createdAt)
      .prepare("cam_page_reactions"),
    shares: db
      .select({
        shareId: shares.id,
        itemId: shares.itemId,
        memberId: shares.memberId,
        circleId: shares.circleId,
        circleName: circles.name,
        memberName: sql<string | null>`(select m.name from ${circleMemberships} m where m.member_id = ${shares.memberId}
          and m.name is not null order by m.joined_at limit 1)`,
      })
      .from(shares)
      .leftJoin(circles, eq(circles.id, shares.circleId))
      .where(and(eq(shares.itemType, "moment"), eq(shares.ownerId, viewer), sql`${shares.itemId} = any(${ids})`))
      .orderBy(shares.createdAt)
      .prepare("cam_page_shares"),
  };
});

/** Reactions and shares, for the owner's moments only: nobody else is ever given them, nor a count. */
async function views(db: Db, viewerId: string, rows: Row[]): Promise<MomentView[]> {
  const owned = rows.filter((row) => row.moment.ownerId === viewerId).map((row) => row.moment.id);
  const reactions = new Map<string, MomentReaction[]>();
  const shared = new Map<string, MomentShare[]>();
  if (owned.length > 0) {
    const reads = pageReads(db);
    const ids = owned.join(",");
    // The two reads at once: a page of moments waits for one round trip, not two.
    const [reactionRows, shareRows] = await Promise.all([
      reads.reactions.execute({ viewer: viewerId, ids }),
      reads.shares.execute({ viewer: viewerId, ids }),
    ]);
    for (const row of reactionRows) {
      const list = reactions.get(row.momentId) ?? [];
      list.push({
        reaction: row.reaction as Reaction,
        note: row.note,
        at: seconds(row.at),
        fromName: row.fromName ?? "Someone in your circle",
      });
      reactions.set(row.momentId, list);
    }
    for (const row of shareRows) {
      const list = shared.get(row.itemId) ?? [];
      list.push({
        shareId: row.shareId,
        memberId: row.memberId,
        circleId: row.circleId,
        name: row.circleId ? row.circleName : row.memberName,
      });
      shared.set(row.itemId, list);
    }
  }
  return rows.map(({ moment, image, ownerName }) => {
    const mine = moment.ownerId === viewerId;
    return {
      id: moment.id,
      ownerId: moment.ownerId,
      ownerName: ownerName ?? (mine ? "You" : "Someone in your circle"),
      mine,
      image: imageViewOf(moment.imageId, image),
      note: moment.note,
      day: moment.daySetByMember ? moment.day : (image.capturedOn ?? moment.day),
      alt: moment.alt,
      habitId: moment.habitId,
      albumId: mine ? moment.albumId : null,
      // The goal is the owner's: a viewer learns nothing of it (the goal's page lists what they may see).
      goalId: mine ? moment.goalId : null,
      reactions: mine ? (reactions.get(moment.id) ?? []) : [],
      shares: mine ? (shared.get(moment.id) ?? []) : [],
      createdAt: seconds(moment.createdAt),
      updatedAt: seconds(moment.updatedAt),
    };
  });
}

/**
 * The caller's moments and those shared with them, newest first (by when they were added), `before`
 * an instant for paging. An album is the owner's own, so filtering by one lists the caller's moments.
 */
export async function getMyMoments(
  memberId: string,
  filter: unknown = {},
  options: Options = {},
): Promise<MomentView[]> {
  const { habitId, albumId, goalId, before, limit } = parseFilter(filter);
  const db = options.db ?? (await getDb());
  if (habitId === null && albumId === null && goalId === null) {
    const page = await pageReads(db).timeline.execute({
      viewer: memberId,
      before: before === null ? null : new Date(before * 1000).toISOString(),
      limit,
    });
    return views(db, memberId, page as Row[]);
  }
  const conditions: SQL[] = [];
  if (habitId !== null) conditions.push(eq(ownersMoment.habitId, habitId));
  // A goal's moments: still only those the caller may see (the goal's page shows them to its viewers).
  if (goalId !== null) {
    if (!isUuid(goalId)) return [];
    conditions.push(eq(ownersMoment.goalId, goalId));
  }
  if (albumId !== null) {
    if (!isUuid(albumId)) return [];
    conditions.push(eq(ownersMoment.albumId, albumId), eq(ownersMoment.ownerId, memberId));
  }
  if (before !== null) conditions.push(lt(ownersMoment.createdAt, new Date(before * 1000)));
  const page = newestPerOwner(memberId, conditions, limit);
  const rows = await db
    .select(selection(memberId))
    .from(moments)
    .innerJoin(images, eq(images.id, moments.imageId))
    .where(sql`${moments.id} in (${page})`)
    .orderBy(desc(moments.createdAt), desc(moments.id))
    .limit(limit);
  return views(db, memberId, rows as Row[]);
}

async function visibleRow(db: Db, memberId: string, momentId: unknown): Promise<Row> {
  if (!isUuid(momentId)) throw momentNotFound();
  const [row] = await db
    .select(selection(memberId))
    .from(moments)
    .innerJoin(images, eq(images.id, moments.imageId))
    .where(eq(moments.id, momentId));
  if (!row || !(await momentAccess(db, memberId, row.moment))) throw momentNotFound();
  return row as Row;
}

/** One moment the caller may see (404 otherwise, as one that does not exist). */
export async function getMoment(memberId: string, momentId: unknown, options: Options = {}): Promise<MomentView> {
  const db = options.db ?? (await getDb());
  const [view] = await views(db, memberId, [await visibleRow(db, memberId, momentId)]);
  return view!;
}

/** The caller's own moment, locked for a change: 404 for anyone else's, as for one that does not exist. */
async function ownMoment(tx: Db, memberId: string, momentId: unknown) {
  if (!isUuid(momentId)) throw momentNotFound();
  const [row] = await tx
    .select()
    .from(moments)
    .where(and(eq(moments.id, momentId), eq(moments.ownerId, memberId)))
    .for("update");
  if (!row) throw momentNotFound();
  return row;
}

/**
 * The links a moment may carry: the caller's own habit (asked of the habit kind), album and Vision
 * Board goal (asked of `links`). Someone else's goal answers 404 naming goalId, as one that does not exist.
 */
async function checkLinks(tx: Db, memberId: string, input: MomentInput, { kinds, links }: WriteOptions) {
  if (input.habitId !== null) {
    const owner = await kinds.habit?.ownerOf(input.habitId, tx);
    if (owner !== memberId)
      throw new CamError(422, "None of your habits has this id: choose one of your habits.", { field: "habitId" });
  }
  if (input.albumId !== null) {
    if (!isUuid(input.albumId)) throw albumNotFound();
    const [album] = await tx
      .select({ id: momentAlbums.id })
      .from(momentAlbums)
      .where(and(eq(momentAlbums.id, input.albumId), eq(momentAlbums.ownerId, memberId)));
    if (!album) throw albumNotFound();
  }
  if (input.goalId !== null) {
    const owner = isUuid(input.goalId) ? await links.goalOwnerOf(input.goalId, tx) : null;
    if (owner !== memberId)
      throw new CamError(404, "Goal not found: choose one of your own goals.", { field: "goalId" });
  }
}

function afterCommit(scheduled: boolean, options: WriteOptions) {
  if (scheduled && options.processNow !== false) void processPendingImages({ store: options.store });
}

/** A new moment from the caller's upload; its photo is processed in a job (image "processing" until then). */
export async function createMoment(memberId: string, value: unknown, options: WriteOptions): Promise<MomentView> {
  const { input } = parseMomentInput(value);
  if (input.uploadId === null) throw new CamError(400, "Choose a photo to upload first.", { field: "uploadId" });
  const db = options.db ?? (await getDb());
  const id = randomUUID();
  const scheduled = await db.transaction(async (tx) => {
    await checkLinks(tx, memberId, input, options);
    // The upload first: someone else's or an unknown one answers 404 before anything is written.
    const claim = await claimUpload(tx, memberId, input.uploadId!, { kind: MOMENT_HOLDER, id });
    const today = localDateOf(Math.floor(Date.now() / 1000), await memberTimeZone(tx, memberId));
    await tx.insert(moments).values({
      id,
      ownerId: memberId,
      imageId: input.uploadId!,
      note: input.note,
      alt: input.alt,
      day: input.day ?? today,
      daySetByMember: input.day !== null,
      habitId: input.habitId,
      albumId: input.albumId,
      goalId: input.goalId,
    });
    return claim.processingScheduled;
  });
  afterCommit(scheduled, options);
  return getMoment(memberId, id, { db });
}

/** Changes the fields the input names (the owner only); a new uploadId replaces the photo, the old one deleted. */
export async function updateMoment(
  memberId: string,
  momentId: unknown,
  value: unknown,
  options: WriteOptions,
): Promise<MomentView> {
  const { input, given } = parseMomentInput(value);
  const db = options.db ?? (await getDb());
  const scheduled = await db.transaction(async (tx) => {
    const current = await ownMoment(tx, memberId, momentId);
    await checkLinks(
      tx,
      memberId,
      {
        ...input,
        habitId: given.has("habitId") ? input.habitId : null,
        albumId: given.has("albumId") ? input.albumId : null,
        goalId: given.has("goalId") ? input.goalId : null,
      },
      options,
    );
    let processing = false;
    let imageId = current.imageId;
    if (input.uploadId !== null && input.uploadId !== current.imageId) {
      processing = (await claimUpload(tx, memberId, input.uploadId, { kind: MOMENT_HOLDER, id: current.id }))
        .processingScheduled;
      imageId = input.uploadId;
    }
    await tx
      .update(moments)
      .set({
        imageId,
        ...(given.has("note") ? { note: input.note } : {}),
        ...(given.has("alt") ? { alt: input.alt } : {}),
        ...(given.has("habitId") ? { habitId: input.habitId } : {}),
        ...(given.has("albumId") ? { albumId: input.albumId } : {}),
        ...(given.has("goalId") ? { goalId: input.goalId } : {}),
        ...(given.has("day") && input.day !== null ? { day: input.day, daySetByMember: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(moments.id, current.id));
    if (imageId !== current.imageId) await deleteImages(tx, [current.imageId], options);
    return processing;
  });
  afterCommit(scheduled, options);
  return getMoment(memberId, momentId, { db });
}

/** Deletes the caller's moment with its reactions, its shares and its stored photo. */
export async function deleteMoment(memberId: string, momentId: unknown, options: Options = {}): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const current = await ownMoment(tx, memberId, momentId);
    await tx.delete(shares).where(and(eq(shares.itemType, "moment"), eq(shares.itemId, current.id)));
    await tx.delete(moments).where(eq(moments.id, current.id));
    await deleteImages(tx, [current.imageId], options);
  });
}

/**
 * A reaction to a moment the caller may see and does not own; again replaces theirs. Only the owner
 * reads it; nothing counts them.
 */
export async function reactToMoment(memberId: string, momentId: unknown, value: unknown, options: Options = {}) {
  const { reaction, note } = parseReaction(value);
  const db = options.db ?? (await getDb());
  const row = await visibleRow(db, memberId, momentId);
  if (row.moment.ownerId === memberId)
    throw new CamError(400, "Reactions are for other people's moments.", { field: "momentId" });
  await db
    .insert(momentReactions)
    .values({ momentId: row.moment.id, authorId: memberId, reaction, note })
    .onConflictDoUpdate({
      target: [momentReactions.momentId, momentReactions.authorId],
      set: { reaction, note, createdAt: new Date() },
    });
}

export async function createAlbum(memberId: string, value: unknown, options: Options = {}): Promise<Album> {
  const { name } = parseAlbum(value);
  const db = options.db ?? (await getDb());
  const [row] = await db.insert(momentAlbums).values({ ownerId: memberId, name }).returning();
  return { id: row!.id, name: row!.name, createdAt: seconds(row!.createdAt), momentCount: 0 };
}

// Prepared (lib/db/prepared.ts): Cam's page asks on every view.
const albumsRead = preparedPerDatabase((db) =>
  db
    .select({
      id: momentAlbums.id,
      name: momentAlbums.name,
      createdAt: momentAlbums.createdAt,
      momentCount: sql<number>`(select count(*)::int from moments m where m.album_id = "moment_albums"."id")`,
    })
    .from(momentAlbums)
    .where(eq(momentAlbums.ownerId, sql.placeholder("memberId")))
    .orderBy(momentAlbums.name)
    .prepare("cam_albums"),
);

/** The caller's albums (nobody else's: albums are never shared), by name. */
export async function getMyAlbums(memberId: string, options: Options = {}): Promise<Album[]> {
  const db = options.db ?? (await getDb());
  const rows = await albumsRead(db).execute({ memberId });
  return rows.map((row) => ({ ...row, momentCount: Number(row.momentCount), createdAt: seconds(row.createdAt) }));
}

/** Deletes the caller's album; its moments stay, without an album. */
export async function deleteAlbum(memberId: string, albumId: unknown, options: Options = {}): Promise<void> {
  if (!isUuid(albumId)) throw albumNotFound();
  const db = options.db ?? (await getDb());
  const rows = await db
    .delete(momentAlbums)
    .where(and(eq(momentAlbums.id, albumId), eq(momentAlbums.ownerId, memberId)))
    .returning({ id: momentAlbums.id });
  if (rows.length === 0) throw albumNotFound();
}

/**
 * A carer's switch: whether the child may share moments with their circle (off until a carer turns it
 * on). Only the child's carers (lib/circles/carers.ts); anyone else gets 404 "Child not found". Turned
 * off, the child's earlier shares stop reaching anyone at once (access.ts `childGate`).
 */
export async function setChildCamSharing(carerId: string, value: unknown, options: Options = {}): Promise<void> {
  const { childId, mayShare } = parseChildSharing(value);
  const db = options.db ?? (await getDb());
  if (!(await isCarerOf(db, carerId, childId))) throw new CamError(404, "Child not found", { field: "childId" });
  await db
    .insert(childCamSettings)
    .values({ childId, mayShare, setBy: carerId })
    .onConflictDoUpdate({ target: childCamSettings.childId, set: { mayShare, setBy: carerId, updatedAt: new Date() } });
}

/** Whether the member may share their moments: adults always, a child when their carers allow it. */
export async function childCamSharing(memberId: string, options: Options = {}): Promise<boolean> {
  return mayShareMoments(options.db ?? (await getDb()), memberId);
}
