import "server-only";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { formatDate } from "../format/date";
import { sendEmail } from "../mail";
import { deliverAfterCommit } from "./builtin/accounts";
import { maskEmail, maskPhone } from "./validation";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";

/**
 * The email a member gets after each change to their account's security, at the address the account
 * had before the change (and at the new one, for an email change): what changed, when, and what to do
 * if it was not them. A thief who changes things with a stolen session or password cannot do it
 * silently.
 */
export type AccountChange =
  | { kind: "email"; from: string; to: string }
  | { kind: "phone"; to: string | null }
  | { kind: "sms-codes"; on: boolean }
  | { kind: "verification-preference" }
  | { kind: "authenticator"; change: "on" | "off" | "replaced" }
  | { kind: "data-download" }
  | { kind: "account-deleted" };

export type NoticeRecipient = {
  /** Null for a notice that must outlive the account (its deletion): it is not deleted with the member's messages. */
  memberId: string | null;
  /** The account's address before the change. */
  email: string;
  name: string | null;
};

function whatChanged(change: AccountChange): { subject: string; sentence: string } {
  switch (change.kind) {
    case "email":
      return {
        subject: "Your Happr email address was changed",
        sentence: `the email address you sign in with was changed from ${maskEmail(change.from)} to ${maskEmail(change.to)}`,
      };
    case "phone":
      return change.to
        ? {
            subject: "Your Happr phone number was changed",
            sentence: `the phone number on your account was changed to ${maskPhone(change.to)}`,
          }
        : {
            subject: "Your Happr phone number was removed",
            sentence: "the phone number on your account was removed, and text message sign-in codes with it",
          };
    case "sms-codes":
      return change.on
        ? {
            subject: "Text message sign-in codes are on",
            sentence: "text message codes were turned on for signing in to your account",
          }
        : {
            subject: "Text message sign-in codes are off",
            sentence: "text message codes were turned off for signing in to your account",
          };
    case "verification-preference":
      return {
        subject: "Your Happr sign-in verification was changed",
        sentence: "the preferred way to verify your sign-ins was changed",
      };
    case "authenticator":
      return {
        on: {
          subject: "An authenticator app was added to your Happr account",
          sentence: "an authenticator app was set up for signing in to your account",
        },
        off: {
          subject: "The authenticator app was removed from your Happr account",
          sentence: "the authenticator app was turned off for signing in to your account",
        },
        replaced: {
          subject: "Your Happr authenticator app was replaced",
          sentence: "the authenticator app for signing in to your account was replaced by another one",
        },
      }[change.change];
    case "data-download":
      return { subject: "Your Happr data was downloaded", sentence: "a copy of your account's data was downloaded" };
    case "account-deleted":
      return {
        subject: "Your Happr account was deleted",
        sentence: "your Happr account was deleted, with its profile, Safe Circle and subscription",
      };
  }
}

function noticeText(recipient: NoticeRecipient, change: AccountChange, at: Date, toNewAddress: boolean) {
  const { siteUrl, mail } = getConfig();
  const when = `${formatDate(at.toISOString())} at ${at.toISOString().slice(11, 16)} UTC`;
  const { sentence } = whatChanged(change);
  const greeting = `Hi${recipient.name ? ` ${recipient.name}` : ""},`;
  if (toNewAddress) {
    return `${greeting}\n\nThis address is now the one you sign in to Happr with: ${sentence} on ${when}.\n\nIf you did not ask for this, do not use the code we sent and write to ${mail.supportEmail} (${siteUrl}/contact).`;
  }
  const secure =
    change.kind === "account-deleted"
      ? `If you did not delete it, write to us at once: ${mail.supportEmail} (${siteUrl}/contact).`
      : change.kind === "email"
        ? `If this was not you, someone else may have your password and now signs in with another address: write to us at once at ${mail.supportEmail} (${siteUrl}/contact) so we can give your account back to you.`
        : `If this was not you, someone else may have your password. Secure your account now:\n- reset your password (every device is signed out): ${siteUrl}/auth/forgot-password\n- then check your security settings: ${siteUrl}${SECURITY_CENTRE_PATH}`;
  return `${greeting}\n\nOn ${when}, ${sentence}.\n\nIf this was you, there is nothing else to do.\n\n${secure}`;
}

/** Queues the notice (in `tx` when given, so it commits with the change) without delivering it. */
export async function queueChangeNotice(
  tx: Db,
  recipient: NoticeRecipient,
  change: AccountChange,
  at: Date,
): Promise<void> {
  const { subject } = whatChanged(change);
  const memberId = recipient.memberId ?? undefined;
  // A child's account (or one that was a child's) holds a sign-in name, not an address: there is no
  // mailbox to tell, and a message to it would fail after the change had already been made.
  if (z.email().safeParse(recipient.email).success)
    await sendEmail({ to: recipient.email, subject, text: noticeText(recipient, change, at, false), memberId }, tx);
  if (change.kind === "email")
    await sendEmail({ to: change.to, subject, text: noticeText(recipient, change, at, true), memberId }, tx);
}

/** Queues the notice and hands it to SMTP (a notice is sent after the change, which is already done). */
export async function sendChangeNotice(
  recipient: NoticeRecipient,
  change: AccountChange,
  options: { db?: Db; now?: Date } = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  await queueChangeNotice(db, recipient, change, options.now ?? new Date());
  deliverAfterCommit(db);
}
