import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/**
 * `next start` hands a request's X-Forwarded-For to the app exactly as the client sent it, and fills
 * it from the socket only when the client sent none (next/dist/server/base-server.js:
 * `req.headers['x-forwarded-for'] ??= socket.remoteAddress`): App Router code never sees the socket.
 * So the app's own server is made a proper hop, as every proxy is: when Node reads a request, before
 * Next does, the socket's address is appended to X-Forwarded-For, and the request is stamped with a
 * secret of this process so that client-address.ts can tell a request this hook saw (its last entry
 * is the socket's) from one it did not (one that arrived while the server was still starting).
 */
export const SOCKET_STAMP_HEADER = "x-happr-socket-stamp";

const state = globalThis as unknown as { __happrSocketStamp?: string };

/** This process's stamp, once recordSocketAddresses has run. */
export function socketStamp(): string | undefined {
  return state.__happrSocketStamp;
}

/** IPv4 clients of a dual-stack listener show up as "::ffff:203.0.113.7". */
export function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/** Appends the socket's address to X-Forwarded-For and stamps the request (see above). Once per process. */
export function recordSocketAddresses(): void {
  if (state.__happrSocketStamp) return;
  const stamp = randomBytes(18).toString("base64url");
  state.__happrSocketStamp = stamp;
  // Published by Node's HTTP server for every request, before the 'request' event reaches Next.
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const address = socket.remoteAddress ? plainAddress(socket.remoteAddress) : "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${address}` : address;
    request.headers[SOCKET_STAMP_HEADER] = stamp;
  });
}
