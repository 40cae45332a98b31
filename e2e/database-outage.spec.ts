import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { outboxFile, signUp } from "./support/members";
import { extraPort, scratchDatabase, startInstance, type AppInstance } from "./support/app-instances";

/**
 * The database goes away under a running app while a member is signed in: the page they load says
 * so plainly, inside the site's header and footer, with a retry and a way home. The app reaches
 * PostgreSQL through a TCP relay on loopback that the test closes (the shared server stays up).
 */
test.setTimeout(180_000);

function startRelay(target: { host: string; port: number }): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      }),
    ),
  );
}

async function expectOutagePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "We couldn’t load this page" })).toBeVisible();
  await expect(page.getByText(/isn’t answering right now/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test("a member's page during a database outage says so, keeps the header and footer, and offers a retry", async ({
  browser,
}) => {
  const database = await scratchDatabase();
  const target = new URL(database.url);
  const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
  const viaRelay = new URL(database.url);
  viaRelay.port = String(relay.port);
  let app: AppInstance | undefined;
  try {
    app = await startInstance(extraPort(3), {
      DATABASE_URL: viaRelay.toString(),
      OUTBOX_FILE: outboxFile,
    });
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await signUp(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await relay.close();
    // The instance remembers that a session still stands for STANDING_TTL_MS (2 s,
    // lib/identity/session-checks.ts); inside that window proxy.ts's guard asks nothing of the database.
    await page.waitForTimeout(2_500);
    // A member whose browser skips the guard (FRESH_SESSION_COOKIE) meets the outage in the page itself:
    // the same page, though with a 500, as a page cannot choose its status.
    const skippingTheGuard = await page.reload();
    expect(skippingTheGuard?.status()).toBe(500);
    await expectOutagePage(page);
    // Once that cookie is gone (at most an hour on), the guard's own check meets the outage and
    // answers 503.
    await context.clearCookies({ name: "happr-session-fresh" });
    const response = await page.reload();
    expect(response?.status()).toBe(503);
    expect(page.url()).toMatch(/\/my-account$/);
    await expectOutagePage(page);
    await context.close();
  } finally {
    await app?.stop();
    await relay.close().catch(() => {});
    await database.drop();
  }
});
