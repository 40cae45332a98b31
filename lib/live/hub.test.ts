/**
 * The hub's ordering and bookkeeping with a backend whose timing the test controls (the contract
 * suite runs the real adapters, where these interleavings cannot be forced).
 */
import { describe, expect, it } from "vitest";
import { LiveHub, type LiveBackend, type LiveRecord } from "./hub";

const record = (id: number): LiveRecord => ({
  id: String(id),
  event: { kind: "post.published", ids: { postId: `p${id}` } },
});

function controlledBackend() {
  const calls: string[] = [];
  let release: (value: { records: LiveRecord[]; missed: boolean }) => void = () => {};
  let failAttach: Error | undefined;
  const backend: LiveBackend = {
    attach: async (channel) => {
      calls.push(`attach ${channel}`);
      if (failAttach) throw failAttach;
    },
    detach: async (channel) => {
      calls.push(`detach ${channel}`);
    },
    readSince: () => new Promise((resolve) => (release = resolve)),
    compare: (a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : undefined),
  };
  return {
    backend,
    calls,
    finishCatchUp: (records: LiveRecord[], missed = false) => release({ records, missed }),
    failAttachWith: (error: Error) => (failAttach = error),
  };
}

describe("live hub", () => {
  it("merges the catch-up with what arrives while it is read: each event once, in order", async () => {
    const control = controlledBackend();
    const hub = new LiveHub(control.backend);
    const session = new AbortController();
    const subscription = hub.subscribe("lounge-table:a", { signal: session.signal, lastEventId: "1" });
    await new Promise((resolve) => setTimeout(resolve, 0)); // attached; the catch-up read is pending
    // Published while the log was read: 3 is in the log's answer too, 4 is not.
    hub.dispatch("lounge-table:a", record(3));
    hub.dispatch("lounge-table:a", record(4));
    control.finishCatchUp([record(2), record(3)]);
    await subscription.ready;
    hub.dispatch("lounge-table:a", record(4)); // a repeat of what was delivered is dropped
    hub.dispatch("lounge-table:a", record(5));

    const iterator = subscription[Symbol.asyncIterator]();
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const next = await iterator.next();
      if (!next.done && next.value.type === "event") ids.push(next.value.id);
    }
    expect(ids).toEqual(["2", "3", "4", "5"]);
    session.abort();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it("listens once per channel however many subscribe, and stops when the last one leaves", async () => {
    const control = controlledBackend();
    const hub = new LiveHub(control.backend);
    const sessions = [new AbortController(), new AbortController()];
    const subscriptions = sessions.map((session) => hub.subscribe("lounge-table:b", { signal: session.signal }));
    await Promise.all(subscriptions.map((subscription) => subscription.ready));
    sessions[0]!.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(control.calls).toEqual(["attach lounge-table:b"]);
    sessions[1]!.abort();
    await expect.poll(() => control.calls).toEqual(["attach lounge-table:b", "detach lounge-table:b"]);
    expect(hub.subscriberCount()).toBe(0);
  });

  it("a subscription that cannot listen fails its ready and its iteration, and holds nothing", async () => {
    const control = controlledBackend();
    control.failAttachWith(new Error("Redis is not answering"));
    const hub = new LiveHub(control.backend);
    const session = new AbortController();
    const subscription = hub.subscribe("lounge-table:c", { signal: session.signal });
    await expect(subscription.ready).rejects.toThrow("Redis is not answering");
    await expect(subscription[Symbol.asyncIterator]().next()).rejects.toThrow("Redis is not answering");
    expect(hub.subscriberCount()).toBe(0);
  });
});
