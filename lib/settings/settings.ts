import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { memberSettings } from "../db/schema/settings";

/** Whether the member chose discreet mode. Pass the caller's transaction to read inside it. */
export async function isDiscreet(memberId: string, tx?: Db): Promise<boolean> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ discreetMode: memberSettings.discreetMode })
    .from(memberSettings)
    .where(eq(memberSettings.memberId, memberId));
  return row?.discreetMode ?? false;
}

export async function setDiscreetMode(memberId: string, on: boolean, tx?: Db): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .insert(memberSettings)
    .values({ memberId, discreetMode: on })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { discreetMode: on, updatedAt: sql`now()` } });
}

/** The member's settings for their data download. */
export async function exportSettings(memberId: string): Promise<{ discreetMode: boolean }> {
  return { discreetMode: await isDiscreet(memberId) };
}

/** Erasure: the member's settings row goes with their account (inside the deletion's transaction). */
export async function forgetSettings(tx: Db, memberId: string): Promise<void> {
  await tx.delete(memberSettings).where(eq(memberSettings.memberId, memberId));
}
