import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";
import { recordSocketAddresses, SOCKET_STAMP_HEADER } from "./socket-address";
import { startLoopbackNextServer } from "./testing";

// What the app saw on the last request through the loopback server (as `next start` hands it over).
let seen: Headers;
let server: Awaited<ReturnType<typeof startLoopbackNextServer>>;

beforeAll(async () => {
  recordSocketAddresses();
  server = await startLoopbackNextServer(async (headers) => {
    seen = headers;
    return 204;
  });
});
afterAll(() => server.close());

async function through(headers: Record<string, string> = {}): Promise<Headers> {
  await fetch(server.url, { headers });
  return seen;
}

describe("clientAddress", () => {
  it("is the socket's peer by default, whatever X-Forwarded-For claims", async () => {
    expect(clientAddress(await through())).toBe("127.0.0.1");
    expect(clientAddress(await through({ "x-forwarded-for": "203.0.113.7" }))).toBe("127.0.0.1");
    expect(
      clientAddress(await through({ "x-forwarded-for": "1.2.3.4, 198.51.100.9", "x-real-ip": "198.51.100.4" })),
    ).toBe("127.0.0.1");
  });

  it("with trusted proxies in front, is the entry that many hops left of the socket's", async () => {
    // A load balancer (one hop) appended the client's address; a CDN before it (two hops) its own.
    const headers = await through({ "x-forwarded-for": "6.6.6.6 (claimed), 203.0.113.7, 198.51.100.20" });
    expect(clientAddress(headers, 1)).toBe("198.51.100.20");
    expect(clientAddress(headers, 2)).toBe("203.0.113.7");
    // More hops configured than the request passed through: the furthest address it carries.
    expect(clientAddress(await through({ "x-forwarded-for": "203.0.113.7" }), 3)).toBe("203.0.113.7");
  });

  it("does not take a stamp the client wrote itself", async () => {
    const forged = new Headers({ "x-forwarded-for": "203.0.113.7", [SOCKET_STAMP_HEADER]: "guessed" });
    expect(clientAddress(forged, 0)).toBe("unknown");
    // The hook overwrites whatever stamp the client sent.
    expect(clientAddress(await through({ "x-forwarded-for": "203.0.113.7", [SOCKET_STAMP_HEADER]: "guessed" }))).toBe(
      "127.0.0.1",
    );
  });

  it("without the socket's entry (a request the hook did not see) trusts only the configured proxies", () => {
    const unseen = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" });
    expect(clientAddress(unseen, 0)).toBe("unknown");
    expect(clientAddress(unseen, 1)).toBe("203.0.113.7");
    expect(clientAddress(new Headers(), 1)).toBe("unknown");
  });

  it("writes IPv4 clients of a dual-stack listener plainly", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "::ffff:203.0.113.7" }), 1)).toBe("203.0.113.7");
  });
});
