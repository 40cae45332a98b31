import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { circleInvitations } from "../db/schema/invitations";
import { circleMemberships, circles } from "../db/schema/circles";
import { ensureOwnedCircle, lockCircleOf } from "../circles/circles";
import { membershipOf } from "../circles/membership";
import { invitedRoleSchema } from "../circles/roles";
import { CIRCLE_CAPACITY, seatsTaken } from "../circles/seats";
import { assertChildMay } from "../circles/child-limits";
import { canSendAppTexts, deliverPending, sendEmail, sendSms } from "../mail";
import { INVALID_PHONE_MESSAGE, realPhoneNumber } from "../phone";
import { identityFor } from "../identity";
import { maskEmail, maskPhone } from "../identity/validation";
import { getUserProfile, updateUserProfile } from "../profile";
import { consumeEach, tryAgainIn } from "../rate-limit";
import { hashToken, newToken } from "../secrets";
import { InvitationError, invitationMessages as messages } from "./errors";
import type { FamilyPlanLookup } from "../circles/family-plan";
import { logError } from "../log";

/**
 * Safe Circle: a member with a live Family plan (the owner) invites up to 5 people by phone or email.
 * An invitation is a single-use random token (only its hash is stored) valid for 7 days, sent through
 * the outbox with a link to sign up; it names the owner's circle and the role offered (member or
 * guardian); accepting it puts the invitee in that circle with that role, covered by the owner's plan
 * for as long as that plan is live. A person may be in several circles (lib/circles).
 */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
// Invitations (and resends) one owner may send a day: the outbox must not become a spam cannon.
const SENDS_PER_DAY = 20;
const SENDS_PER_RECIPIENT_PER_DAY = 3;

export type CircleMemberIdentity = { memberId: string; name: string | null; email: string };

/** `texts`: whether the app may send its own texts (default: canSendAppTexts with the configuration). */
export type CircleOptions = { db?: Db; now?: Date; familyPlan: FamilyPlanLookup; siteUrl?: string; texts?: boolean };

type Resolved = { db: Db; now: Date; familyPlan: FamilyPlanLookup; siteUrl: string; texts: boolean };

/** The options with their defaults (the database, the clock, the site's address, whether texts may go). */
export async function resolveOptions(options: CircleOptions): Promise<Resolved> {
  return {
    db: options.db ?? (await getDb()),
    now: options.now ?? new Date(),
    familyPlan: options.familyPlan,
    siteUrl: options.siteUrl ?? getConfig().siteUrl,
    texts: options.texts ?? canSendAppTexts(getConfig()),
  };
}

/** Whether invitations may go by text message: not in production without a real SMS provider. */
export function canInviteByText(): boolean {
  return canSendAppTexts(getConfig());
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The link in the message: /invitation/open keeps the token in an httpOnly cookie and shows the
 * invitation at /invitation, so the token leaves the address bar and never rides a sign-in's return path.
 */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/invitation/open?invitation=${encodeURIComponent(token)}`;
}

/**
 * The invitee's addresses as their identity provider holds them, and whether each is verified: an
 * invitation is accepted only by the account whose verified email (or, for a text, verified phone)
 * is the one it was sent to.
 */
export type VerifiedContacts = {
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
};

/** Who accepts: the member, and their addresses from the identity provider (verifiedContactsOf). */
export type Invitee = { memberId: string; name: string | null; contacts: VerifiedContacts };

/** The member's email and phone and whether each is verified, from the identity port (built-in or Cognito). */
export async function verifiedContactsOf(member: {
  memberId: string;
  email: string;
  accessToken?: string;
}): Promise<VerifiedContacts> {
  const overview = await identityFor({
    accountId: member.memberId,
    email: member.email,
    accessToken: member.accessToken,
  }).overview();
  return {
    email: overview.email,
    emailVerified: overview.emailVerified,
    phone: overview.phoneNumber,
    phoneVerified: overview.phoneNumberVerified,
  };
}

/**
 * How the invitation names its address on the page: masked as the sign-in pages mask where a code
 * went ("j***@e***.com", "+*******0142"). A forwarded or leaked link shows whoever holds it only
 * enough for the right person to recognise their own address, never enough to learn it.
 */
export function maskedRecipient(row: { channel: "sms" | "email"; recipient: string }): string {
  return row.channel === "email" ? maskEmail(row.recipient) : maskPhone(row.recipient);
}

const sameEmail = (a: string | null, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
const samePhone = (a: string | null, b: string) => !!a && (realPhoneNumber(a) ?? a) === (realPhoneNumber(b) ?? b);

/**
 * Why this account may not accept the invitation, or undefined when it may: its verified email (an
 * email invitation) or verified phone (a text) must be the address the invitation was sent to.
 */
export function addresseeProblem(
  row: { channel: "sms" | "email"; recipient: string },
  contacts: VerifiedContacts,
): string | undefined {
  const masked = maskedRecipient(row);
  if (row.channel === "email") {
    if (!sameEmail(contacts.email, row.recipient)) return messages.sentToEmail(masked);
    if (!contacts.emailVerified) return messages.verifyEmailFirst(masked);
    return undefined;
  }
  if (!samePhone(contacts.phone, row.recipient)) return messages.sentToPhone(masked);
  if (!contacts.phoneVerified) return messages.verifyPhoneFirst(masked);
  return undefined;
}

/** A problem with one field whose message reads on from its name: the API answers "phone: …". */
const readsOnFrom = (field: string, message: string) => ({
  code: "custom" as const,
  message,
  path: [field],
  params: { namesField: true },
});

const recipientSchema = z
  .object({
    phone: z.string().trim().max(40, "phone is too long").optional().nullable(),
    email: z.string().trim().max(254, "email must be at most 254 characters").optional().nullable(),
  })
  .transform((input, context) => {
    const phone = input.phone || undefined;
    const email = input.email || undefined;
    if (!phone === !email) {
      context.addIssue({ code: "custom", message: "Give a phone number or an email address (one of them)" });
      return z.NEVER;
    }
    if (phone) {
      const recipient = realPhoneNumber(phone);
      if (!recipient) {
        context.addIssue(readsOnFrom("phone", INVALID_PHONE_MESSAGE));
        return z.NEVER;
      }
      return { channel: "sms" as const, recipient };
    }
    if (!z.email().safeParse(email).success) {
      context.addIssue(readsOnFrom("email", "enter a valid email address"));
      return z.NEVER;
    }
    return { channel: "email" as const, recipient: email!.toLowerCase() };
  });

const idSchema = (field: string) => z.uuid({ message: `${field} is invalid` });
const tokenSchema = z.string().trim().min(1, "token is required").max(512, "token is too long");

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const namesField = issue?.code === "custom" && issue.params?.namesField === true;
    // Only such a problem is placed on its field; the others stay about the whole form, as before.
    throw new InvitationError(
      400,
      issue?.message ?? "Invalid input",
      namesField ? { field: String(issue.path[0]), namesField } : {},
    );
  }
  return parsed.data;
}

/** One owner's circle changes one at a time (capacity checks must not race). */
const lockOwner = lockCircleOf;

/**
 * Per owner (20 a day) and per recipient (3 a day, whoever sends): several accounts cannot together
 * flood one person's phone or mailbox with invitations.
 */
async function limitSends(tx: Db, ownerId: string, recipient: string, now: Date) {
  const result = await consumeEach(
    [
      { bucket: "circle-invitation-send", subject: ownerId, rule: { limit: SENDS_PER_DAY, windowSeconds: 86_400 } },
      {
        bucket: "circle-invitation-recipient",
        subject: recipient,
        rule: { limit: SENDS_PER_RECIPIENT_PER_DAY, windowSeconds: 86_400 },
      },
    ],
    { db: tx, now },
  );
  if (!result.allowed)
    throw new InvitationError(429, `Too many invitations today. ${tryAgainIn(result.retryAfterSeconds)}`);
}

// The message names the owner: it is theirs (memberId), and goes with their account.
async function sendInvitation(
  tx: Db,
  invitation: { ownerId: string; channel: "sms" | "email"; recipient: string; ownerName: string },
  link: string,
) {
  const who = invitation.ownerName || "A Happr member";
  if (invitation.channel === "sms") {
    await sendSms(
      {
        to: invitation.recipient,
        body: `${who} invited you to their Happr Safe Circle. Join within 7 days: ${link}`,
        memberId: invitation.ownerId,
        toSomeoneElse: true,
      },
      tx,
    );
  } else {
    await sendEmail(
      {
        to: invitation.recipient,
        memberId: invitation.ownerId,
        toSomeoneElse: true,
        subject: `${who} invited you to their Happr Safe Circle`,
        text: `Hi,\n\n${who} invited you to join their Safe Circle on Happr, covered by their Family plan.\n\nJoin here (the link works once, for 7 days):\n${link}\n\nIf you were not expecting this, you can ignore this email.`,
      },
      tx,
    );
  }
}

async function deliverAfterCommit(db: Db) {
  await deliverPending({ db }).catch((error: unknown) =>
    logError("[invitations] mail delivery failed; it stays queued", error),
  );
}

export type InvitationView = {
  invitationId: string;
  circleId: string;
  /** The role the invitee will have in the circle. */
  role: "member" | "guardian";
  channel: "sms" | "email";
  recipient: string;
  status: "pending" | "expired";
  expiresAt: number;
  sentAt: number;
};

export const viewOf = (row: typeof circleInvitations.$inferSelect, now: Date): InvitationView => ({
  invitationId: row.id,
  circleId: row.circleId,
  role: row.role,
  channel: row.channel,
  recipient: row.recipient,
  status: row.expiresAt.getTime() > now.getTime() ? "pending" : "expired",
  expiresAt: seconds(row.expiresAt),
  sentAt: seconds(row.lastSentAt),
});

/**
 * Invites someone by phone or email to the owner's circle (created on the first invitation), as a
 * member (the default) or a guardian: the owner needs a live Family plan and a free seat.
 */
export async function inviteToCircle(
  owner: CircleMemberIdentity,
  input: { phone?: string | null; email?: string | null; role?: string | null },
  options: CircleOptions,
): Promise<InvitationView> {
  const role = parse(invitedRoleSchema, input?.role || "member");
  const { channel, recipient } = parse(recipientSchema, { phone: input?.phone, email: input?.email });
  const { db, now, familyPlan, siteUrl, texts } = await resolveOptions(options);
  // Refused before anything is written: the text would never leave the outbox.
  if (channel === "sms" && !texts) throw new InvitationError(400, messages.noTexts, { field: "phone" });
  if (channel === "email" && recipient === owner.email.toLowerCase())
    throw new InvitationError(409, "You are already in your own Safe Circle");
  if (!(await familyPlan(owner.memberId)).family) throw new InvitationError(403, messages.notFamily);
  const token = newToken();
  const view = await db.transaction(async (tx) => {
    await lockOwner(tx, owner.memberId);
    const circle = await ensureOwnedCircle(tx, owner, now);
    const [duplicate] = await tx
      .select({ id: circleInvitations.id })
      .from(circleInvitations)
      .where(
        and(
          eq(circleInvitations.ownerId, owner.memberId),
          eq(circleInvitations.recipient, recipient),
          eq(circleInvitations.status, "pending"),
        ),
      );
    if (duplicate) throw new InvitationError(409, `${recipient} already has an invitation: resend it instead`);
    const [member] = await tx
      .select({ id: circleMemberships.memberId })
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.contact, recipient)));
    if (member) throw new InvitationError(409, `${recipient} is already in your Safe Circle`);
    const taken = await seatsTaken(tx, owner.memberId, now);
    if (taken.members + taken.pending >= CIRCLE_CAPACITY)
      throw new InvitationError(409, "Your Safe Circle is full: a Family plan covers you and 5 more people");
    await limitSends(tx, owner.memberId, recipient, now);
    const [row] = await tx
      .insert(circleInvitations)
      .values({
        ownerId: owner.memberId,
        circleId: circle.id,
        role,
        ownerName: owner.name ?? "",
        channel,
        recipient,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        lastSentAt: now,
        createdAt: now,
      })
      .returning();
    await sendInvitation(tx, row!, invitationLink(siteUrl, token));
    return viewOf(row!, now);
  });
  await deliverAfterCommit(db);
  return view;
}

async function ownedInvitation(tx: Db, ownerId: string, invitationId: string) {
  const [row] = await tx
    .select()
    .from(circleInvitations)
    .where(and(eq(circleInvitations.id, invitationId), eq(circleInvitations.ownerId, ownerId)))
    .for("update");
  // Someone else's invitation answers exactly like a missing one.
  if (!row) throw new InvitationError(404, messages.notFound);
  return row;
}

/** Sends a pending (or expired) invitation again with a new link, valid 7 days; the old link stops working. */
export async function resendInvitation(
  owner: CircleMemberIdentity,
  invitationIdArg: string,
  options: CircleOptions,
): Promise<InvitationView> {
  const invitationId = parse(idSchema("invitationId"), invitationIdArg);
  const { db, now, familyPlan, siteUrl, texts } = await resolveOptions(options);
  if (!(await familyPlan(owner.memberId)).family) throw new InvitationError(403, messages.notFamily);
  const token = newToken();
  const view = await db.transaction(async (tx) => {
    await lockOwner(tx, owner.memberId);
    const row = await ownedInvitation(tx, owner.memberId, invitationId);
    if (row.channel === "sms" && !texts) throw new InvitationError(400, messages.noTexts);
    if (row.status === "accepted") throw new InvitationError(409, messages.used);
    if (row.status === "revoked") throw new InvitationError(409, messages.revoked);
    if (row.expiresAt.getTime() <= now.getTime()) {
      // An expired invitation frees its seat: reviving it needs one again.
      const taken = await seatsTaken(tx, owner.memberId, now);
      if (taken.members + taken.pending >= CIRCLE_CAPACITY)
        throw new InvitationError(409, "Your Safe Circle is full: a Family plan covers you and 5 more people");
    }
    await limitSends(tx, owner.memberId, row.recipient, now);
    const [updated] = await tx
      .update(circleInvitations)
      .set({
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        lastSentAt: now,
      })
      .where(eq(circleInvitations.id, row.id))
      .returning();
    await sendInvitation(tx, updated!, invitationLink(siteUrl, token));
    return viewOf(updated!, now);
  });
  await deliverAfterCommit(db);
  return view;
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(
  ownerId: string,
  invitationIdArg: string,
  options: Omit<CircleOptions, "familyPlan">,
): Promise<void> {
  const invitationId = parse(idSchema("invitationId"), invitationIdArg);
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await ownedInvitation(tx, ownerId, invitationId);
    if (row.status === "accepted")
      throw new InvitationError(409, "This invitation was accepted: remove the member instead");
    if (row.status === "revoked") return;
    await tx
      .update(circleInvitations)
      .set({ status: "revoked", revokedAt: now })
      .where(eq(circleInvitations.id, row.id));
  });
}

export type InvitationPreview =
  | {
      valid: true;
      channel: "sms" | "email";
      /** Masked (maskedRecipient): the page is shown to whoever holds the link. */
      recipient: string;
      ownerName: string;
      circleName: string;
      role: "member" | "guardian";
      /** With a `viewer`: why they cannot join (not the addressee, their own, already in), or null. */
      viewerProblem: string | null;
    }
  | { valid: false; message: string };

/**
 * What the invitation page shows, without using the invitation up; with `viewer` (the signed-in
 * member), whether they may press Join, by the same rules as acceptInvitation.
 */
export async function previewInvitation(
  tokenArg: string,
  options: Omit<CircleOptions, "familyPlan"> & { viewer?: Invitee } = {},
): Promise<InvitationPreview> {
  const parsed = tokenSchema.safeParse(tokenArg);
  if (!parsed.success) return { valid: false, message: messages.notFound };
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [found] = await db
    .select({ invitation: circleInvitations, circleName: circles.name })
    .from(circleInvitations)
    .innerJoin(circles, eq(circles.id, circleInvitations.circleId))
    .where(eq(circleInvitations.tokenHash, hashToken(parsed.data)));
  const row = found?.invitation;
  const problem = row ? invitationProblem(row, now) : { status: 404, message: messages.notFound };
  if (problem || !row) return { valid: false, message: problem!.message };
  const viewer = options.viewer;
  const viewerProblem = !viewer
    ? null
    : row.ownerId === viewer.memberId
      ? messages.ownInvitation
      : (addresseeProblem(row, viewer.contacts) ??
        ((await membershipOf(db, row.circleId, viewer.memberId)) ? messages.alreadyInCircle : null));
  return {
    valid: true,
    viewerProblem,
    channel: row.channel,
    recipient: maskedRecipient(row),
    ownerName: row.ownerName,
    circleName: found.circleName,
    role: row.role,
  };
}

function invitationProblem(
  row: typeof circleInvitations.$inferSelect,
  now: Date,
): { status: 409; message: string } | undefined {
  if (row.status === "accepted") return { status: 409, message: messages.used };
  if (row.status === "revoked") return { status: 409, message: messages.revoked };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 409, message: messages.expired };
  return undefined;
}

/**
 * The member's yes (the invitation page's Join, the API's invitationSignUpDone): the caller joins the
 * inviter's circle. 404 for an unknown token; 403 when the caller's verified email or phone is not the
 * address it was sent to (addresseeProblem); 409 for a used, revoked or expired one, a full circle, or
 * a plan that ended. Refused, nothing changes.
 */
export async function acceptInvitation(
  invitee: Invitee,
  tokenArg: string,
  options: CircleOptions,
): Promise<{ ownerName: string }> {
  const token = parse(tokenSchema, tokenArg);
  const { db, now, familyPlan } = await resolveOptions(options);
  await assertChildMay(invitee.memberId, "acceptInvitation", { db, now });
  const [found] = await db
    .select()
    .from(circleInvitations)
    .where(eq(circleInvitations.tokenHash, hashToken(token)));
  if (!found) throw new InvitationError(404, messages.notFound);
  const early = invitationProblem(found, now);
  if (early) throw new InvitationError(early.status, early.message);
  if (found.ownerId === invitee.memberId) throw new InvitationError(409, messages.ownInvitation);
  // Bound to its address: a link forwarded, leaked or opened in someone else's session joins nobody.
  const notAddressee = addresseeProblem(found, invitee.contacts);
  if (notAddressee) throw new InvitationError(403, notAddressee);
  if (!(await familyPlan(found.ownerId)).family) throw new InvitationError(409, messages.planEnded);
  return db.transaction(async (tx) => {
    await lockOwner(tx, found.ownerId);
    const [row] = await tx.select().from(circleInvitations).where(eq(circleInvitations.id, found.id)).for("update");
    // Looked at again under the lock: two browsers with one link, or a revoke in between.
    const problem = row ? invitationProblem(row, now) : { status: 404 as const, message: messages.notFound };
    if (!row || problem) throw new InvitationError(problem!.status, problem!.message);
    // A person may be in several circles, once in each.
    if (await membershipOf(tx, row.circleId, invitee.memberId))
      throw new InvitationError(409, messages.alreadyInCircle);
    const taken = await seatsTaken(tx, row.ownerId, now);
    if (taken.members >= CIRCLE_CAPACITY) throw new InvitationError(409, messages.full);
    await tx
      .update(circleInvitations)
      .set({ status: "accepted", acceptedBy: invitee.memberId, acceptedAt: now })
      .where(eq(circleInvitations.id, row.id));
    await tx.insert(circleMemberships).values({
      circleId: row.circleId,
      memberId: invitee.memberId,
      role: row.role,
      invitationId: row.id,
      name: invitee.name,
      // The owner sees the address they invited, not the joiner's account email.
      contact: row.recipient,
      joinedAt: now,
    });
    // The link reached this phone: it is the invitee's, unless their profile already names one.
    if (row.channel === "sms" && !(await getUserProfile(invitee.memberId, { db: tx })).phone) {
      await updateUserProfile(invitee.memberId, { phone: row.recipient }, { db: tx, now });
    }
    return { ownerName: row.ownerName };
  });
}
