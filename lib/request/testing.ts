import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { recordSocketAddresses, SOCKET_STAMP_HEADER, socketStamp } from "./socket-address";

/**
 * Tests only: a Node HTTP server on loopback that hands its handler the request headers as `next
 * start` hands them to the app (next/dist/server/base-server.js fills X-Forwarded-For from the
 * socket only when the client sent none), so client-address tests see what the app sees.
 */
export async function startLoopbackNextServer(
  handle: (headers: Headers) => Promise<number>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    handle(headers).then(
      (status) => res.writeHead(status).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Tests only: the headers of a request that reached `next start` on a socket from `address` (with
 * nothing forwarded), as the socket hook leaves them. For tests that call handlers without a server.
 */
export function fromSocket(address: string): Record<string, string> {
  recordSocketAddresses();
  return { "x-forwarded-for": address, [SOCKET_STAMP_HEADER]: socketStamp()! };
}

/**
 * Tests only: a POST whose body is `chunks` chunks of `chunkBytes` bytes, produced only as the
 * reader pulls them; `pulled()` says how many bytes the handler actually read.
 */
export function streamingPost(
  url: string,
  options: { chunkBytes: number; chunks: number; headers?: Record<string, string> },
) {
  let pulled = 0;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === options.chunks) return controller.close();
      sent += 1;
      pulled += options.chunkBytes;
      controller.enqueue(new Uint8Array(options.chunkBytes).fill(0x7b));
    },
  });
  const request = new Request(url, { method: "POST", headers: options.headers, body, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}
