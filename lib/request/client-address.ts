/**
 * The address of the person behind a request, for rate limits. X-Forwarded-For is appended to by
 * each hop, so only its last entry is trustworthy: it was written by the nearest hop (the load
 * balancer in production, or Next's own server, which fills the header from the socket when a
 * request arrives without one). Entries to its left are whatever the client claimed.
 */
export function clientAddress(headers: Pick<Headers, "get">): string {
  const forwarded = headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const nearest = forwarded?.at(-1);
  if (nearest) return nearest.slice(0, 100);
  const realIp = headers.get("x-real-ip")?.trim();
  if (realIp) return realIp.slice(0, 100);
  return "unknown";
}
