import { describe, expect, it } from "vitest";
import { openLivePort } from "./index";

describe("openLivePort", () => {
  it("runs in this process when neither Redis nor PostgreSQL is configured, and delivers there", async () => {
    const port = await openLivePort({ kind: "in-process" });
    const session = new AbortController();
    const subscription = port.subscribe("lounge-table:t1", { signal: session.signal });
    await subscription.ready;
    await port.publish("lounge-table:t1", { kind: "post.published", ids: { postId: "p1" } });
    const first = await subscription[Symbol.asyncIterator]().next();
    expect(port.kind).toBe("in-process");
    expect(first.value).toMatchObject({ type: "event", event: { ids: { postId: "p1" } } });
    session.abort();
    await port.close();
  });

  it("opens the Redis adapter for a Redis configuration without connecting until it is used", async () => {
    const port = await openLivePort({ kind: "redis", url: "redis://127.0.0.1:1", keyPrefix: "happr-test:live:" });
    expect(port.kind).toBe("redis");
    await port.close();
  });
});
