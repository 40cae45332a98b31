import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import {
  loungeAppeals,
  loungeMembers,
  loungeModerationLog,
  loungeModeratorNotes,
  loungePosts,
  loungeReports,
  loungeSuspensions,
  type LoungeHoldReason,
  type LoungeModerationAction,
  type LoungePostStatus,
} from "../db/schema/lounge";
import { parseOrFail } from "../errors";
import { emailAddressOf } from "../identity/addresses";
import { sendEmail } from "../mail/outbox";
import { getLivePort, type LiveEvent } from "../live";
import { logError } from "../log";
import { LoungeError } from "./errors";
import { REPORT_REASONS, type ReportReason } from "./model";
import { noticeReply } from "./replies";
import { imageViews, type ImageView } from "../uploads";

/**
 * The Lounge's moderators' side (issue 42): the queue, actions with a reason, each written to the
 * append-only audit log in the same transaction, notes, appeals decided by another moderator, and the
 * reporter told the outcome by email (the outbox; neutral subject in discreet mode).
 *
 * Every function takes the caller's id first and answers 404 to anyone the operator did not name in
 * LOUNGE_MODERATORS, as for a page that does not exist.
 */
export type ModerationOptions = {
  db?: Db;
  now?: Date;
  moderators?: readonly string[];
  /** Where a published or removed post is announced (ids only); the default is the live port. */
  publish?: (channel: string, event: LiveEvent) => Promise<unknown>;
};

export const REASON_MAX = 500;
export const APPEAL_MAX = 500;
export const SUSPENSION_DAYS_MAX = 365;
/** Published posts shown before a queued one: the table's context. */
export const CONTEXT_POSTS = 5;

const notFound = () => new LoungeError(404, "Not found");
const fail = (message: string, field: string | undefined) => new LoungeError(400, message, { field });
const parse = <T extends z.ZodType>(schema: T, value: unknown) => parseOrFail(schema, value, fail);
const uuid = (field: string) => z.uuid({ message: `${field} is not a valid id.` });

/** After commit, as store.ts does: the table's readers refetch; a failed publish is only logged. */
async function announce(options: ModerationOptions, tableId: string, kind: string, postId: string) {
  try {
    const publish = options.publish ?? (async (channel, event) => (await getLivePort()).publish(channel, event));
    await publish(`lounge-table:${tableId}`, { kind, ids: { postId } });
  } catch (error) {
    logError("lounge: live publish failed", error);
  }
}

async function dbOf(options: ModerationOptions) {
  return options.db ?? (await getDb());
}

/**
 * Whether the member is a named moderator: their id, or their account's email address (lower-cased), is
 * in LOUNGE_MODERATORS. Tests pass `moderators`; the default is the configuration, never a guess.
 */
export async function isLoungeModerator(memberId: string, options: ModerationOptions = {}): Promise<boolean> {
  const names = options.moderators ?? getConfig().loungeModerators;
  if (names.length === 0) return false;
  if (names.includes(memberId)) return true;
  if (!names.some((name) => name.includes("@"))) return false;
  const email = await emailAddressOf(await dbOf(options), memberId);
  return Boolean(email && names.includes(email.toLowerCase()));
}

async function asModerator(memberId: string, options: ModerationOptions): Promise<Db> {
  if (!(await isLoungeModerator(memberId, options))) throw notFound();
  return dbOf(options);
}

const reasonField = z
  .string({ message: "A reason is required." })
  .trim()
  .min(3, "A reason is required: say why in a few words.")
  .max(REASON_MAX, `The reason is at most ${REASON_MAX} characters.`);

export type QueueItem = {
  postId: string;
  authorId: string;
  authorName: string;
  text: string;
  /** "removed" only in a post's detail (the queue holds held and published ones). */
  status: LoungePostStatus;
  createdAt: string;
  holdReasons: LoungeHoldReason[];
  reports: { reason: ReportReason; note: string | null; createdAt: string }[];
  /** Oldest first: held since, or first reported at. */
  since: string;
};

/** Held posts and reported (unresolved) posts, oldest first, with the hold and report reasons and notes. */
export async function getModerationQueue(moderatorId: string, options: ModerationOptions = {}): Promise<QueueItem[]> {
  const db = await asModerator(moderatorId, options);
  const held = await db.select().from(loungePosts).where(eq(loungePosts.status, "held"));
  const reports = await db
    .select()
    .from(loungeReports)
    .where(isNull(loungeReports.resolvedAt))
    .orderBy(asc(loungeReports.createdAt));
  const reportedIds = [...new Set(reports.map((report) => report.postId))].filter(
    (id) => !held.some((post) => post.id === id),
  );
  const reported = reportedIds.length
    ? await db
        .select()
        .from(loungePosts)
        .where(and(inArray(loungePosts.id, reportedIds), eq(loungePosts.status, "published")))
    : [];
  const posts = [...held, ...reported];
  const names = await namesOf(
    db,
    posts.map((post) => post.authorId),
  );
  return posts
    .map((post) => {
      const its = reports.filter((report) => report.postId === post.id);
      const since = post.status === "held" ? post.createdAt : (its[0]?.createdAt ?? post.createdAt);
      return {
        postId: post.id,
        authorId: post.authorId,
        authorName: names.get(post.authorId) ?? "",
        text: post.text,
        status: post.status,
        createdAt: post.createdAt.toISOString(),
        holdReasons: post.holdReasons,
        reports: its.map((report) => ({
          reason: report.reason as ReportReason,
          note: report.note,
          createdAt: report.createdAt.toISOString(),
        })),
        since: since.toISOString(),
      };
    })
    .sort((a, b) => a.since.localeCompare(b.since));
}

async function namesOf(db: Db, memberIds: string[]): Promise<Map<string, string>> {
  if (!memberIds.length) return new Map();
  const rows = await db
    .select({ memberId: loungeMembers.memberId, name: loungeMembers.loungeName })
    .from(loungeMembers)
    .where(inArray(loungeMembers.memberId, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [row.memberId, row.name]));
}

export type ModerationPost = {
  post: QueueItem;
  /** The few published posts before it at its table, oldest first. */
  context: { id: string; authorName: string; text: string; createdAt: string }[];
  notes: { moderatorId: string; text: string; createdAt: string }[];
  history: LogEntry[];
  suspendedUntil: string | null;
  /** The post's photo (the image route lets the moderator see it: image-access.ts); null for none. */
  image: ImageView | null;
};

/** One post for a decision: any status, its table's context, the author's notes and history. */
export async function getModerationPost(
  moderatorId: string,
  postIdValue: unknown,
  options: ModerationOptions = {},
): Promise<ModerationPost> {
  const db = await asModerator(moderatorId, options);
  const postId = z.uuid().safeParse(postIdValue);
  if (!postId.success) throw notFound();
  const [post] = await db.select().from(loungePosts).where(eq(loungePosts.id, postId.data));
  if (!post) throw notFound();
  const reports = await db
    .select()
    .from(loungeReports)
    .where(eq(loungeReports.postId, post.id))
    .orderBy(asc(loungeReports.createdAt));
  const before = await db
    .select()
    .from(loungePosts)
    .where(
      and(
        eq(loungePosts.tableId, post.tableId),
        eq(loungePosts.status, "published"),
        lt(loungePosts.createdAt, post.createdAt),
      ),
    )
    .orderBy(desc(loungePosts.createdAt))
    .limit(CONTEXT_POSTS);
  const names = await namesOf(db, [post.authorId, ...before.map((row) => row.authorId)]);
  const notes = await db
    .select()
    .from(loungeModeratorNotes)
    .where(eq(loungeModeratorNotes.memberId, post.authorId))
    .orderBy(asc(loungeModeratorNotes.createdAt));
  const history = await db
    .select()
    .from(loungeModerationLog)
    .where(eq(loungeModerationLog.subjectId, post.authorId))
    .orderBy(desc(loungeModerationLog.createdAt));
  const until = await suspendedUntil(db, post.authorId, options.now ?? new Date());
  const image = post.imageId ? ((await imageViews(db, [post.imageId])).get(post.imageId) ?? null) : null;
  return {
    image,
    post: {
      postId: post.id,
      authorId: post.authorId,
      authorName: names.get(post.authorId) ?? "",
      text: post.text,
      status: post.status,
      createdAt: post.createdAt.toISOString(),
      holdReasons: post.holdReasons,
      reports: reports.map((report) => ({
        reason: report.reason as ReportReason,
        note: report.note,
        createdAt: report.createdAt.toISOString(),
      })),
      since: (reports[0]?.createdAt ?? post.createdAt).toISOString(),
    },
    context: before.reverse().map((row) => ({
      id: row.id,
      authorName: names.get(row.authorId) ?? "",
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    })),
    notes: notes.map((note) => ({
      moderatorId: note.moderatorId,
      text: note.text,
      createdAt: note.createdAt.toISOString(),
    })),
    history: history.map(logView),
    suspendedUntil: until?.toISOString() ?? null,
  };
}

const actionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("publish"), postId: uuid("postId"), reason: reasonField }),
    z.object({ action: z.literal("remove"), postId: uuid("postId"), reason: reasonField }),
    z.object({ action: z.literal("dismiss"), postId: uuid("postId"), reason: reasonField }),
    z.object({ action: z.literal("warn"), postId: uuid("postId"), reason: reasonField }),
    z.object({
      action: z.literal("suspend"),
      postId: uuid("postId"),
      reason: reasonField,
      days: z.coerce
        .number({ message: "The number of days is required." })
        .int("Whole days only.")
        .min(1, "At least one day.")
        .max(SUSPENSION_DAYS_MAX, `At most ${SUSPENSION_DAYS_MAX} days.`),
    }),
  ],
  { message: "Choose an action: publish, remove, dismiss, warn or suspend." },
);
export type ModerationActionInput = z.input<typeof actionSchema>;

const OUTCOME_TEXT: Record<string, string> = {
  publish: "it was found to be within the house rules and stays.",
  dismiss: "it was found to be within the house rules and stays.",
  remove: "it was removed.",
  warn: "its author was reminded of the house rules.",
  suspend: "its author may not post in the Lounge for a while.",
};

/**
 * A moderator's action on a post, with a required reason: publish a held post, remove a post, dismiss
 * the reports on it, warn its author, or suspend its author from posting for N days. In one transaction:
 * the change, its audit-log entry, the post's reports resolved and each reporter told.
 */
export async function moderatePost(
  moderatorId: string,
  value: unknown,
  options: ModerationOptions = {},
): Promise<{ logId: string }> {
  const db = await asModerator(moderatorId, options);
  const input = parse(actionSchema, value);
  const now = options.now ?? new Date();
  const done = await db.transaction(async (tx) => {
    const [post] = await tx.select().from(loungePosts).where(eq(loungePosts.id, input.postId)).for("update");
    if (!post) throw new LoungeError(404, "Post not found", { field: "postId" });
    if (input.action === "publish" && post.status !== "held")
      throw new LoungeError(409, "Only a held post can be published.", { field: "action" });
    if (input.action === "remove" && post.status === "removed")
      throw new LoungeError(409, "That post is already removed.", { field: "action" });
    if (input.action === "publish" || input.action === "remove")
      await tx
        .update(loungePosts)
        .set({ status: input.action === "publish" ? "published" : "removed", decidedAt: now, decidedBy: moderatorId })
        .where(eq(loungePosts.id, post.id));
    // A held reply let through tells the first post's author now, as one published at once would have.
    if (input.action === "publish") await noticeReply(tx, post, now);
    const [entry] = await tx
      .insert(loungeModerationLog)
      .values({
        moderatorId,
        action: input.action,
        subjectId: post.authorId,
        postId: post.id,
        reason: input.reason,
        days: input.action === "suspend" ? input.days : null,
        createdAt: now,
      })
      .returning({ id: loungeModerationLog.id });
    if (input.action === "suspend")
      await tx.insert(loungeSuspensions).values({
        memberId: post.authorId,
        logId: entry!.id,
        until: new Date(now.getTime() + input.days * 86_400_000),
        createdAt: now,
      });
    await tellReporters(tx, post.id, OUTCOME_TEXT[input.action]!, now);
    return { logId: entry!.id, tableId: post.tableId };
  });
  if (input.action === "publish" || input.action === "remove")
    await announce(options, done.tableId, input.action === "publish" ? "post.published" : "post.removed", input.postId);
  return { logId: done.logId };
}

/** Resolves the post's open reports and tells each reporter the outcome, in the action's transaction. */
async function tellReporters(tx: Db, postId: string, outcome: string, now: Date) {
  const open = await tx
    .update(loungeReports)
    .set({ resolvedAt: now })
    .where(and(eq(loungeReports.postId, postId), isNull(loungeReports.resolvedAt)))
    .returning({ reporterId: loungeReports.reporterId });
  for (const { reporterId } of open) {
    const to = await emailAddressOf(tx, reporterId);
    if (!to) continue;
    // Neither the post's words nor its author: a reporter learns only what happened.
    await sendEmail(
      {
        to,
        memberId: reporterId,
        subject: "Your Lounge report was reviewed",
        neutralSubject: "A message from Happr",
        text: `Thank you for your report. A moderator looked at the post you reported: ${outcome}\n\nThe Happr Lounge moderators`,
      },
      tx,
    );
  }
}

/** When the member's suspension from posting ends, or null when they may post. */
export async function suspendedUntil(db: Db, memberId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ until: loungeSuspensions.until })
    .from(loungeSuspensions)
    .where(
      and(
        eq(loungeSuspensions.memberId, memberId),
        gt(loungeSuspensions.until, now),
        isNull(loungeSuspensions.liftedAt),
      ),
    )
    .orderBy(desc(loungeSuspensions.until))
    .limit(1);
  return rows[0]?.until ?? null;
}

/** postToLounge's check: a suspended member is refused with the moment they may post again. */
export async function assertMayPost(db: Db, memberId: string, now: Date): Promise<void> {
  const until = await suspendedUntil(db, memberId, now);
  if (until)
    throw new LoungeError(
      403,
      `You are suspended from posting in the Lounge until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    );
}

const noteSchema = z.object({
  memberId: z.string({ message: "Choose a member." }).min(1, "Choose a member."),
  text: z
    .string({ message: "The note is required." })
    .trim()
    .min(1, "The note is required.")
    .max(REASON_MAX, `The note is at most ${REASON_MAX} characters.`),
});

/** A moderator's note on a member's Lounge name (a member who never joined answers 404). */
export async function addModeratorNote(moderatorId: string, value: unknown, options: ModerationOptions = {}) {
  const db = await asModerator(moderatorId, options);
  const input = parse(noteSchema, value);
  const [member] = await db.select().from(loungeMembers).where(eq(loungeMembers.memberId, input.memberId));
  if (!member) throw new LoungeError(404, "Member not found", { field: "memberId" });
  await db
    .insert(loungeModeratorNotes)
    .values({ memberId: input.memberId, moderatorId, text: input.text, createdAt: options.now ?? new Date() });
}

export type LogEntry = {
  id: string;
  moderatorId: string;
  action: LoungeModerationAction;
  subjectId: string;
  postId: string | null;
  reason: string;
  days: number | null;
  createdAt: string;
};
const logView = (row: typeof loungeModerationLog.$inferSelect): LogEntry => ({
  id: row.id,
  moderatorId: row.moderatorId,
  action: row.action,
  subjectId: row.subjectId,
  postId: row.postId,
  reason: row.reason,
  days: row.days,
  createdAt: row.createdAt.toISOString(),
});

/** The audit log, newest first (read only: nothing in the app edits or deletes an entry). */
export async function getModerationLog(
  moderatorId: string,
  options: ModerationOptions & { limit?: number } = {},
): Promise<LogEntry[]> {
  const db = await asModerator(moderatorId, options);
  const rows = await db
    .select()
    .from(loungeModerationLog)
    .orderBy(desc(loungeModerationLog.createdAt))
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 500));
  return rows.map(logView);
}

const appealSchema = z.object({
  logId: uuid("logId"),
  text: z
    .string({ message: "Say why in a few words." })
    .trim()
    .min(3, "Say why in a few words.")
    .max(APPEAL_MAX, `An appeal is at most ${APPEAL_MAX} characters.`),
});

/** What the member may appeal: removals of their posts and their suspensions, each once. */
export async function getMyAppealable(memberId: string, options: ModerationOptions = {}) {
  const db = await dbOf(options);
  const rows = await db
    .select({ entry: loungeModerationLog, appeal: loungeAppeals })
    .from(loungeModerationLog)
    .leftJoin(loungeAppeals, eq(loungeAppeals.logId, loungeModerationLog.id))
    .where(and(eq(loungeModerationLog.subjectId, memberId), inArray(loungeModerationLog.action, ["remove", "suspend"])))
    .orderBy(desc(loungeModerationLog.createdAt));
  return rows.map(({ entry, appeal }) => ({
    logId: entry.id,
    action: entry.action,
    reason: entry.reason,
    days: entry.days,
    createdAt: entry.createdAt.toISOString(),
    appeal: appeal ? { status: appeal.status, text: appeal.text } : null,
  }));
}

/**
 * The author of a removed post, or a suspended member, appeals once with a short text. Anyone else's
 * entry, or another kind of action, answers 404; a second appeal 409.
 */
export async function appealModeration(memberId: string, value: unknown, options: ModerationOptions = {}) {
  const input = parse(appealSchema, value);
  const db = await dbOf(options);
  const [entry] = await db
    .select()
    .from(loungeModerationLog)
    .where(
      and(
        eq(loungeModerationLog.id, input.logId),
        eq(loungeModerationLog.subjectId, memberId),
        inArray(loungeModerationLog.action, ["remove", "suspend"]),
      ),
    );
  if (!entry) throw new LoungeError(404, "Not found", { field: "logId" });
  const [appeal] = await db
    .insert(loungeAppeals)
    .values({ memberId, logId: entry.id, text: input.text, createdAt: options.now ?? new Date() })
    .onConflictDoNothing()
    .returning({ id: loungeAppeals.id });
  if (!appeal) throw new LoungeError(409, "You have already appealed this decision.", { field: "logId" });
  return { appealId: appeal.id };
}

export type AppealView = {
  id: string;
  text: string;
  createdAt: string;
  entry: LogEntry;
  /** Whether the caller may decide it: not the moderator who acted. */
  mayDecide: boolean;
};

/** Open appeals, oldest first. */
export async function getOpenAppeals(moderatorId: string, options: ModerationOptions = {}): Promise<AppealView[]> {
  const db = await asModerator(moderatorId, options);
  const rows = await db
    .select({ appeal: loungeAppeals, entry: loungeModerationLog })
    .from(loungeAppeals)
    .innerJoin(loungeModerationLog, eq(loungeModerationLog.id, loungeAppeals.logId))
    .where(eq(loungeAppeals.status, "open"))
    .orderBy(asc(loungeAppeals.createdAt));
  return rows.map(({ appeal, entry }) => ({
    id: appeal.id,
    text: appeal.text,
    createdAt: appeal.createdAt.toISOString(),
    entry: logView(entry),
    mayDecide: entry.moderatorId !== moderatorId,
  }));
}

const decisionSchema = z.object({
  appealId: uuid("appealId"),
  decision: z.enum(["uphold", "reject"], { message: "Choose uphold or reject." }),
  reason: reasonField,
});

/**
 * Decides an appeal: by a moderator other than the one who acted (that one gets 403). Upheld, a removed
 * post is published again and a suspension lifted; the decision goes to the audit log either way.
 */
export async function decideAppeal(moderatorId: string, value: unknown, options: ModerationOptions = {}) {
  const db = await asModerator(moderatorId, options);
  const input = parse(decisionSchema, value);
  const now = options.now ?? new Date();
  const restored = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ appeal: loungeAppeals, entry: loungeModerationLog })
      .from(loungeAppeals)
      .innerJoin(loungeModerationLog, eq(loungeModerationLog.id, loungeAppeals.logId))
      .where(eq(loungeAppeals.id, input.appealId))
      .for("update", { of: loungeAppeals });
    if (!row) throw new LoungeError(404, "Appeal not found", { field: "appealId" });
    if (row.entry.moderatorId === moderatorId)
      throw new LoungeError(403, "Another moderator decides an appeal against your own decision.", {
        field: "appealId",
      });
    if (row.appeal.status !== "open")
      throw new LoungeError(409, "That appeal is already decided.", { field: "appealId" });
    const upheld = input.decision === "uphold";
    await tx
      .update(loungeAppeals)
      .set({ status: upheld ? "upheld" : "rejected", decidedBy: moderatorId, decidedAt: now })
      .where(eq(loungeAppeals.id, row.appeal.id));
    const [post] =
      upheld && row.entry.action === "remove" && row.entry.postId
        ? await tx
            .update(loungePosts)
            .set({ status: "published", decidedAt: now, decidedBy: moderatorId })
            .where(and(eq(loungePosts.id, row.entry.postId), eq(loungePosts.status, "removed")))
            .returning({ id: loungePosts.id, tableId: loungePosts.tableId })
        : [];
    if (upheld && row.entry.action === "suspend")
      await tx.update(loungeSuspensions).set({ liftedAt: now }).where(eq(loungeSuspensions.logId, row.entry.id));
    await tx.insert(loungeModerationLog).values({
      moderatorId,
      action: upheld ? "appeal_upheld" : "appeal_rejected",
      subjectId: row.entry.subjectId,
      postId: row.entry.postId,
      refersTo: row.entry.id,
      reason: input.reason,
      createdAt: now,
    });
    return post;
  });
  if (restored) await announce(options, restored.tableId, "post.published", restored.id);
}

export type MonthlyModerationReport = {
  month: string;
  /** Posts the checks held this month, and how many for each reason (a post may have several). */
  holds: number;
  holdsByReason: Record<LoungeHoldReason, number>;
  /** Reports made this month, by their fixed reason. */
  reports: number;
  reportsByReason: Record<ReportReason, number>;
  /** Decisions this month (from the audit log). */
  published: number;
  removals: number;
  dismissals: number;
  warnings: number;
  suspensions: number;
  /** Appeals made this month; appeals decided this month, by outcome. */
  appeals: number;
  appealsUpheld: number;
  appealsRejected: number;
  /**
   * The median wait, in minutes, from a post being held (or first reported) to a moderator's first
   * decision on it, over the first decisions made this month; null when there were none.
   */
  medianMinutesToDecision: number | null;
};

const FIRST_DECISIONS: LoungeModerationAction[] = ["publish", "remove", "dismiss", "warn", "suspend"];
const HOLD_REASONS: LoungeHoldReason[] = ["phone", "email", "link", "words", "image"];

/** The UTC month "2026-03" as its first instant and the next month's; 400 naming `month` otherwise. */
export function monthSpan(month: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new LoungeError(400, "The month is YYYY-MM.", { field: "month" });
  return {
    start: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
    end: new Date(Date.UTC(Number(match[1]), Number(match[2]), 1)),
  };
}

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A month's counts (UTC month "2026-03") from the tables: posts held and why, reports and why, the
 * moderators' decisions from the audit log, appeals, and the median wait for a decision. No member,
 * no Lounge name, no words: the public report (/moderation-report) shows it as it is; moderators read
 * it through `getMonthlyModerationReport`.
 */
export async function monthlyModerationCounts(month: string, options: { db?: Db } = {}) {
  const { start, end } = monthSpan(month);
  const db = options.db ?? (await getDb());
  const [entries, held, reports, appeals, firsts] = await Promise.all([
    db
      .select({ action: loungeModerationLog.action, n: count() })
      .from(loungeModerationLog)
      .where(and(gte(loungeModerationLog.createdAt, start), lt(loungeModerationLog.createdAt, end)))
      .groupBy(loungeModerationLog.action),
    // A held post is one whose hold reasons are set, whatever became of it.
    db
      .select({ holdReasons: loungePosts.holdReasons })
      .from(loungePosts)
      .where(
        and(
          gte(loungePosts.createdAt, start),
          lt(loungePosts.createdAt, end),
          sql`jsonb_array_length(${loungePosts.holdReasons}) > 0`,
        ),
      ),
    db
      .select({ reason: loungeReports.reason, n: count() })
      .from(loungeReports)
      .where(and(gte(loungeReports.createdAt, start), lt(loungeReports.createdAt, end)))
      .groupBy(loungeReports.reason),
    db
      .select({ n: count() })
      .from(loungeAppeals)
      .where(and(gte(loungeAppeals.createdAt, start), lt(loungeAppeals.createdAt, end))),
    // Each post's first decision, kept when it fell in this month.
    db
      .select({
        postId: loungeModerationLog.postId,
        decidedAt: sql<Date>`min(${loungeModerationLog.createdAt})`.mapWith(loungeModerationLog.createdAt),
      })
      .from(loungeModerationLog)
      .where(and(isNotNull(loungeModerationLog.postId), inArray(loungeModerationLog.action, FIRST_DECISIONS)))
      .groupBy(loungeModerationLog.postId)
      .having(
        and(
          gte(sql`min(${loungeModerationLog.createdAt})`, start),
          lt(sql`min(${loungeModerationLog.createdAt})`, end),
        ),
      ),
  ]);
  const ids = firsts.map((first) => first.postId!);
  const [posts, firstReports] = ids.length
    ? await Promise.all([
        db
          .select({ id: loungePosts.id, createdAt: loungePosts.createdAt, holdReasons: loungePosts.holdReasons })
          .from(loungePosts)
          .where(inArray(loungePosts.id, ids)),
        db
          .select({
            postId: loungeReports.postId,
            at: sql<Date>`min(${loungeReports.createdAt})`.mapWith(loungeReports.createdAt),
          })
          .from(loungeReports)
          .where(inArray(loungeReports.postId, ids))
          .groupBy(loungeReports.postId),
      ])
    : [[], []];
  // Waiting since: a held post from when it was posted, a reported one from its first report. A post
  // since erased leaves no wait to count.
  const waits = firsts.flatMap((first) => {
    const post = posts.find((row) => row.id === first.postId);
    if (!post) return [];
    const reported = firstReports.find((row) => row.postId === post.id)?.at;
    const since = post.holdReasons.length > 0 || !reported ? post.createdAt : reported;
    return [Math.max(0, (first.decidedAt.getTime() - since.getTime()) / 60_000)];
  });
  const decided = (action: LoungeModerationAction) => entries.find((entry) => entry.action === action)?.n ?? 0;
  const holdsByReason = Object.fromEntries(
    HOLD_REASONS.map((reason) => [reason, held.filter((post) => post.holdReasons.includes(reason)).length]),
  ) as Record<LoungeHoldReason, number>;
  const reportsByReason = Object.fromEntries(
    REPORT_REASONS.map((reason) => [reason, reports.find((row) => row.reason === reason)?.n ?? 0]),
  ) as Record<ReportReason, number>;
  const wait = median(waits);
  return {
    month,
    holds: held.length,
    holdsByReason,
    reports: reports.reduce((sum, row) => sum + row.n, 0),
    reportsByReason,
    published: decided("publish"),
    removals: decided("remove"),
    dismissals: decided("dismiss"),
    warnings: decided("warn"),
    suspensions: decided("suspend"),
    appeals: appeals[0]?.n ?? 0,
    appealsUpheld: decided("appeal_upheld"),
    appealsRejected: decided("appeal_rejected"),
    medianMinutesToDecision: wait === null ? null : Math.round(wait),
  } satisfies MonthlyModerationReport;
}

/** Every status a post can have: the months list below reads the first post of each. */
const POST_STATUSES = Object.keys({ published: true, held: true, removed: true } satisfies Record<
  LoungePostStatus,
  true
>) as LoungePostStatus[];

/**
 * The months the public report offers, newest first: from the month of the Lounge's first post (or
 * first decision) to the current one. Before anything happened, the current month alone.
 */
export async function moderationReportMonths(options: { db?: Db; now?: Date } = {}): Promise<string[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  // The least of each status's first post: each one step down the (status, created_at) index, where a
  // plain min(created_at) would read every post there has ever been.
  const firstOfEach = POST_STATUSES.map(
    (status) => sql`(select min(${loungePosts.createdAt}) from ${loungePosts} where ${loungePosts.status} = ${status})`,
  );
  const [firstPost] = await db
    .select({ at: sql<Date | null>`least(${sql.join(firstOfEach, sql`, `)})`.mapWith(loungePosts.createdAt) })
    .from(sql`(select 1) as one`);
  const [firstLog] = await db
    .select({ at: sql<Date | null>`min(${loungeModerationLog.createdAt})`.mapWith(loungeModerationLog.createdAt) })
    .from(loungeModerationLog);
  const earliest = [firstPost?.at, firstLog?.at, now]
    .filter((at): at is Date => at instanceof Date)
    .reduce((a, b) => (a < b ? a : b));
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const first = Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth(), 1);
  while (cursor.getTime() >= first) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  }
  return months;
}

export async function getMonthlyModerationReport(
  moderatorId: string,
  month: string,
  options: ModerationOptions = {},
): Promise<MonthlyModerationReport> {
  const db = await asModerator(moderatorId, options);
  return monthlyModerationCounts(month, { db });
}

/** The data download's part: the member's own appeals (the decisions about them are in the audit log). */
export async function exportModeration(db: Db, memberId: string) {
  const appeals = await db.select().from(loungeAppeals).where(eq(loungeAppeals.memberId, memberId));
  return appeals.map((appeal) => ({
    text: appeal.text,
    status: appeal.status,
    createdAt: appeal.createdAt.toISOString(),
    decidedAt: appeal.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * The erasure's part: the member's appeals (their words), suspensions and the notes about them go; the
 * audit log keeps each decision and the moderator's reason (accountability for what moderators did) but
 * no longer names the member. Entries never held the member's words.
 */
export async function forgetModeration(tx: Db, memberId: string): Promise<void> {
  await tx.delete(loungeAppeals).where(eq(loungeAppeals.memberId, memberId));
  await tx.delete(loungeSuspensions).where(eq(loungeSuspensions.memberId, memberId));
  await tx.delete(loungeModeratorNotes).where(eq(loungeModeratorNotes.memberId, memberId));
  await tx.update(loungeModerationLog).set({ subjectId: "erased" }).where(eq(loungeModerationLog.subjectId, memberId));
  // An erased moderator's decisions and notes stay (others rely on them) without naming them.
  await tx
    .update(loungeModerationLog)
    .set({ moderatorId: "erased" })
    .where(eq(loungeModerationLog.moderatorId, memberId));
  await tx
    .update(loungeModeratorNotes)
    .set({ moderatorId: "erased" })
    .where(eq(loungeModeratorNotes.moderatorId, memberId));
  await tx.update(loungeAppeals).set({ decidedBy: "erased" }).where(eq(loungeAppeals.decidedBy, memberId));
}
