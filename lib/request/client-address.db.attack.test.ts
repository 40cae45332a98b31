import { afterAll, beforeAll, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { consume } from "../rate-limit";
import { clientAddress } from "./client-address";
import { recordSocketAddresses } from "./socket-address";
import { startLoopbackNextServer } from "./testing";

/**
 * Attack: a client sends a different X-Forwarded-For with every request, hoping each one counts as
 * a new address. With the default TRUSTED_PROXY_HOPS (0) the limit must hold on the socket's address.
 */
useTestDatabase();
let server: Awaited<ReturnType<typeof startLoopbackNextServer>>;

beforeAll(async () => {
  // As instrumentation.ts does when `next start` boots.
  recordSocketAddresses();
  server = await startLoopbackNextServer(async (headers) => {
    const limit = await consume("attack-rotating-xff", clientAddress(headers, 0), { limit: 5, windowSeconds: 60 });
    return limit.allowed ? 200 : 429;
  });
}, 60_000);

afterAll(async () => {
  await server.close();
});

it("rotating X-Forwarded-For does not escape a per-address limit", async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 8; i++) {
    const response = await fetch(server.url, { headers: { "x-forwarded-for": `10.66.0.${i}` } });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
});
