import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { preparedPerDatabase } from "../../db/prepared";
import { identityDevices } from "../../db/schema/identity";
import { isUuid } from "../../uuid";
import { IdentityError } from "../errors";
import { DEVICE_PAGE_LIMIT, type TrackedDevice } from "../port";
import { hashToken, newToken } from "../../secrets";

/** "Remember this device": MFA is skipped on it for this long. */
const DEVICE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Remembers a device after a completed MFA; returns the key for the device's cookie (stored hashed). */
export async function rememberDevice(
  db: Db,
  accountId: string,
  now: Date,
  name?: string,
): Promise<{ deviceKey: string; expiresAt: Date }> {
  const deviceKey = newToken();
  const expiresAt = new Date(now.getTime() + DEVICE_LIFETIME_MS);
  await db.insert(identityDevices).values({
    accountId,
    keyHash: hashToken(deviceKey),
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    name: name || "Unknown device",
  });
  return { deviceKey, expiresAt };
}

/** True when the key belongs to a remembered, unexpired device of this account (and notes its use). */
export async function isRememberedDevice(
  db: Db,
  accountId: string,
  deviceKey: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!deviceKey) return false;
  const rows = await db
    .update(identityDevices)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(identityDevices.keyHash, hashToken(deviceKey)),
        eq(identityDevices.accountId, accountId),
        eq(identityDevices.remembered, true),
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

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// The pagination token is the offset of the next page, opaque to the browser.
function decodePageToken(token: string | undefined): number {
  if (!token) return 0;
  const offset = Number(Buffer.from(token, "base64url").toString("utf8"));
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000)
    throw new IdentityError("InvalidParameterException", "Invalid pagination token");
  return offset;
}

// Prepared: the security centre (/my-account/security) lists the devices on every view.
const devicesPageRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(identityDevices)
    .where(
      and(
        eq(identityDevices.accountId, sql.placeholder("accountId")),
        gt(identityDevices.expiresAt, sql.placeholder("now")),
      ),
    )
    .orderBy(desc(identityDevices.lastUsedAt), desc(identityDevices.createdAt), desc(identityDevices.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("identity_devices_page"),
);

/** The account's unexpired tracked devices, most recently used first, a page at a time. */
export async function listDevices(
  db: Db,
  accountId: string,
  now: Date,
  input: { limit?: number; paginationToken?: string } = {},
) {
  const limit = Math.min(Math.max(input.limit ?? DEVICE_PAGE_LIMIT, 1), DEVICE_PAGE_LIMIT);
  const offset = decodePageToken(input.paginationToken);
  const rows = await devicesPageRead(db).execute({ accountId, now, limit: limit + 1, offset });
  const devices: TrackedDevice[] = rows.slice(0, limit).map((row) => ({
    deviceKey: row.id,
    name: row.name,
    createdAt: seconds(row.createdAt),
    lastUsedAt: row.lastUsedAt ? seconds(row.lastUsedAt) : null,
    remembered: row.remembered,
  }));
  const paginationToken = rows.length > limit ? Buffer.from(String(offset + limit)).toString("base64url") : null;
  return { devices, paginationToken };
}

function assertDeviceKey(deviceKey: string) {
  if (!isUuid(deviceKey)) throw new IdentityError("ResourceNotFoundException", "Device does not exist.");
}

/** ForgetDevice: the device is asked for MFA again at its next sign-in. Another member's device is "not found". */
export async function forgetDevice(db: Db, accountId: string, deviceKey: string): Promise<void> {
  assertDeviceKey(deviceKey);
  const rows = await db
    .delete(identityDevices)
    .where(and(eq(identityDevices.id, deviceKey), eq(identityDevices.accountId, accountId)))
    .returning({ id: identityDevices.id });
  if (rows.length === 0) throw new IdentityError("ResourceNotFoundException", "Device does not exist.");
}

/** UpdateDeviceStatus: only a remembered device skips MFA. */
export async function updateDeviceStatus(
  db: Db,
  accountId: string,
  deviceKey: string,
  remembered: boolean,
): Promise<void> {
  assertDeviceKey(deviceKey);
  const rows = await db
    .update(identityDevices)
    .set({ remembered })
    .where(and(eq(identityDevices.id, deviceKey), eq(identityDevices.accountId, accountId)))
    .returning({ id: identityDevices.id });
  if (rows.length === 0) throw new IdentityError("ResourceNotFoundException", "Device does not exist.");
}

/** "Chrome on Linux": enough for a member to recognise a device, from its User-Agent. */
export function deviceNameFromUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : undefined;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
