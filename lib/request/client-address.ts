import { timingSafeEqual } from "node:crypto";
import { getConfig } from "../config";
import { plainAddress, SOCKET_STAMP_HEADER, socketStamp } from "./socket-address";

/**
 * The address of the person behind a request, for rate limits and lockouts.
 *
 * X-Forwarded-For lists the addresses a request passed through, each hop appending the one it saw;
 * our own server appends the socket's (socket-address.ts). Only the entries written by hops we run
 * can be believed: `TRUSTED_PROXY_HOPS` says how many proxies (load balancer, CDN) stand in front of
 * the app, so the client is the entry that many places left of the socket's. Everything further
 * left is whatever the client claimed. With the default (0) the client is the socket's peer, and a
 * forged or rotating X-Forwarded-For changes nothing.
 *
 * A request the socket hook did not see (it arrived while the server was starting, or outside
 * `next start`) has no trustworthy socket entry: with no trusted proxy it is "unknown".
 */
export function clientAddress(
  headers: Pick<Headers, "get">,
  trustedProxyHops: number = getConfig().trustedProxyHops,
): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain: (string | undefined)[] = isStamped(headers) ? forwarded : [...forwarded, undefined];
  // More hops configured than the request passed through: the furthest address it has.
  const client = chain[Math.max(0, chain.length - 1 - trustedProxyHops)];
  return client ? plainAddress(client).slice(0, 100) : "unknown";
}

function isStamped(headers: Pick<Headers, "get">): boolean {
  const stamp = socketStamp();
  const given = headers.get(SOCKET_STAMP_HEADER);
  if (!stamp || !given || given.length !== stamp.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(stamp));
}
