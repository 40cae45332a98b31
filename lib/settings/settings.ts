import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { memberSettings } from "../db/schema/settings";
import type { QuietHours } from "./quiet-hours";

// Prepared: every members' page reads it (discreet mode), and every reminder and notification.
const settingsRead = preparedPerDatabase((db) =>
  db
    .select({ discreetMode: memberSettings.discreetMode, quietHours: memberSettings.quietHours })
    .from(memberSettings)
    .where(eq(memberSettings.memberId, sql.placeholder("memberId")))
    .prepare("member_settings"),
);

export type MemberSettings = { discreetMode: boolean; quietHours: QuietHours | null };

/** The member's settings (the defaults when they have changed none). Pass the caller's transaction to read inside it. */
export async function getMemberSettings(memberId: string, tx?: Db): Promise<MemberSettings> {
  const [row] = await settingsRead(tx ?? (await getDb())).execute({ memberId });
  return { discreetMode: row?.discreetMode ?? false, quietHours: row?.quietHours ?? null };
}

/** Whether the member chose discreet mode. */
export async function isDiscreet(memberId: string, tx?: Db): Promise<boolean> {
  return (await getMemberSettings(memberId, tx)).discreetMode;
}

export async function setDiscreetMode(memberId: string, on: boolean, tx?: Db): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .insert(memberSettings)
    .values({ memberId, discreetMode: on })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { discreetMode: on, updatedAt: sql`now()` } });
}

/** The member's own quiet hours, or null to have none. */
export async function setQuietHours(memberId: string, quietHours: QuietHours | null, tx?: Db): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .insert(memberSettings)
    .values({ memberId, quietHours })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { quietHours, updatedAt: sql`now()` } });
}

export async function getQuietHours(memberId: string, tx?: Db): Promise<QuietHours | null> {
  return (await getMemberSettings(memberId, tx)).quietHours;
}

/** The member's settings for their data download. */
export async function exportSettings(
  memberId: string,
): Promise<{ discreetMode: boolean; quietHours: QuietHours | null }> {
  return { discreetMode: await isDiscreet(memberId), quietHours: await getQuietHours(memberId) };
}

/** Erasure: the member's settings row goes with their account (inside the deletion's transaction). */
export async function forgetSettings(tx: Db, memberId: string): Promise<void> {
  await tx.delete(memberSettings).where(eq(memberSettings.memberId, memberId));
}
