import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/open";
import { identityDevices } from "../db/schema/identity";
import { hashToken, newToken } from "./hashing";

/** "Remember this device": MFA is skipped on it for this long. */
export const DEVICE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Remembers a device after a completed MFA; returns the key for the device's cookie (stored hashed). */
export async function rememberDevice(db: Db, accountId: string, now: Date): Promise<{ deviceKey: string; expiresAt: Date }> {
  const deviceKey = newToken();
  const expiresAt = new Date(now.getTime() + DEVICE_LIFETIME_MS);
  await db.insert(identityDevices).values({ accountId, keyHash: hashToken(deviceKey), expiresAt, createdAt: now });
  return { deviceKey, expiresAt };
}

/** True when the key belongs to a remembered, unexpired device of this account (and notes its use). */
export async function isRememberedDevice(db: Db, accountId: string, deviceKey: string | undefined, now: Date): Promise<boolean> {
  if (!deviceKey) return false;
  const rows = await db
    .update(identityDevices)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(identityDevices.keyHash, hashToken(deviceKey)),
        eq(identityDevices.accountId, accountId),
        gt(identityDevices.expiresAt, now),
      ),
    )
    .returning({ id: identityDevices.id });
  return rows.length > 0;
}

/** Forgets every remembered device of an account (sign-out everywhere, password reset). */
export async function forgetDevices(db: Db, accountId: string): Promise<void> {
  await db.delete(identityDevices).where(eq(identityDevices.accountId, accountId));
}
