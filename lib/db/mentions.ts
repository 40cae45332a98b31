import { or, sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/**
 * True for rows whose column (read as text, any letter case) contains one of `needles`: how an
 * account deletion finds the keys and payloads that embed a member's id or address ("account:<email>",
 * "security-code-send:<id>", an issuer session's JSON). Empty needles are ignored.
 */
export function mentionsAny(column: AnyColumn | SQL, needles: readonly string[]): SQL {
  const terms = [...new Set(needles.map((needle) => needle.trim().toLowerCase()).filter(Boolean))];
  if (terms.length === 0) return sql`false`;
  return or(...terms.map((term) => sql`strpos(lower(${column}::text), ${term}) > 0`))!;
}
