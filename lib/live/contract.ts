/**
 * The contract every live port adapter passes (lib/live/README.md): in-process.test.ts,
 * redis/adapter.test.ts and postgres/adapter.db.test.ts run it on their adapter.
 */
import { randomUUID } from "node:crypto";
import { getEventListeners, setMaxListeners } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { LiveValidationError, type LiveDelivery, type LiveEvent } from "./events";
import { MAX_QUEUED_PER_SUBSCRIBER } from "./hub";
import type { LivePort, LiveSubscription } from "./port";

export type LiveContractHarness = {
  /** Whether two ports opened here stand for two app instances sharing one backend. */
  shared: boolean;
  /** A port as one app instance opens it. */
  open(options?: { retainPerChannel?: number }): Promise<LivePort>;
  /** Connections this port holds to its backend (0 in process). */
  connections(port: LivePort): Promise<number>;
  /** How many backend subscriptions carry the channel to any instance (Redis: PUBSUB NUMSUB); undefined where there are none. */
  backendSubscriptions?(channel: string): Promise<number>;
  /** Cuts the port's connections from the server side (a restart, a failover); absent in process. */
  dropConnections?(port: LivePort): Promise<void>;
};

const newChannel = () => `lounge-table:${randomUUID()}`;
const posted = (postId = randomUUID()): LiveEvent => ({ kind: "post.published", ids: { postId } });

/** A subscription with a reader that waits at most `ms` for each delivery. */
function reader(subscription: LiveSubscription) {
  const iterator = subscription[Symbol.asyncIterator]();
  return {
    async take(count: number, ms = 5000): Promise<LiveDelivery[]> {
      const taken: LiveDelivery[] = [];
      const deadline = Date.now() + ms;
      while (taken.length < count) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const next = await Promise.race([
          iterator.next(),
          new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), deadline - Date.now()))),
        ]);
        clearTimeout(timer);
        if (next === "timeout") throw new Error(`received ${taken.length} of ${count}: ${JSON.stringify(taken)}`);
        if (next.done) break;
        taken.push(next.value);
      }
      return taken;
    },
    /** Whether anything arrives within `ms` (the pending read is left to the subscription's end). */
    async nothingWithin(ms: number): Promise<boolean> {
      const next = iterator.next();
      const result = await Promise.race([
        next,
        new Promise<"quiet">((resolve) => setTimeout(() => resolve("quiet"), ms)),
      ]);
      return result === "quiet";
    },
    next: () => iterator.next(),
  };
}

const eventsOf = (deliveries: LiveDelivery[]) =>
  deliveries.map((delivery) => (delivery.type === "event" ? delivery.event.ids.postId : "missed"));

export function describeLivePortContract(name: string, harness: LiveContractHarness) {
  describe(`live port contract: ${name}`, () => {
    const ports: LivePort[] = [];
    const controllers: AbortController[] = [];
    const open = async (options?: { retainPerChannel?: number }) => {
      const port = await harness.open(options);
      ports.push(port);
      return port;
    };
    const session = () => {
      const controller = new AbortController();
      controllers.push(controller);
      return controller;
    };
    afterAll(async () => {
      for (const controller of controllers) controller.abort();
      await Promise.all(ports.map((port) => port.close()));
    });

    it("delivers each event, ids only, to every subscriber of the channel and to no other channel", async () => {
      const port = await open();
      const channel = newChannel();
      const lifetime = session();
      const subscriptions = [1, 2, 3].map(() => port.subscribe(channel, { signal: lifetime.signal }));
      const elsewhere = port.subscribe(newChannel(), { signal: lifetime.signal });
      await Promise.all([...subscriptions, elsewhere].map((subscription) => subscription.ready));
      const readers = subscriptions.map(reader);

      const first = posted();
      const second: LiveEvent = { kind: "hold.lifted", ids: { postId: randomUUID(), tableId: randomUUID() } };
      const firstId = await port.publish(channel, first);
      const secondId = await port.publish(channel, second);

      for (const read of readers)
        expect(await read.take(2)).toEqual([
          { type: "event", id: firstId, channel, event: first },
          { type: "event", id: secondId, channel, event: second },
        ]);
      expect(await reader(elsewhere).nothingWithin(200)).toBe(true);
    });

    it.runIf(harness.shared)("two instances see each other's events", async () => {
      const [a, b] = [await open(), await open()];
      const channel = newChannel();
      const lifetime = session();
      const onA = a.subscribe(channel, { signal: lifetime.signal });
      const onB = b.subscribe(channel, { signal: lifetime.signal });
      await Promise.all([onA.ready, onB.ready]);
      const fromA = posted();
      const fromB = posted();
      await a.publish(channel, fromA);
      await b.publish(channel, fromB);
      expect(eventsOf(await reader(onA).take(2))).toEqual([fromA.ids.postId, fromB.ids.postId]);
      expect(eventsOf(await reader(onB).take(2))).toEqual([fromA.ids.postId, fromB.ids.postId]);
    });

    it("keeps a channel's order: one publisher's order, and the same order for every subscriber when several publish at once", async () => {
      const a = await open();
      const b = harness.shared ? await open() : a;
      const channel = newChannel();
      const lifetime = session();
      const subscriptions = [a, b, a].map((port) => port.subscribe(channel, { signal: lifetime.signal }));
      await Promise.all(subscriptions.map((subscription) => subscription.ready));
      const readers = subscriptions.map(reader);

      const inOrder = Array.from({ length: 20 }, () => posted());
      for (const event of inOrder) await a.publish(channel, event);
      const expected = inOrder.map((event) => event.ids.postId);
      for (const read of readers) expect(eventsOf(await read.take(20))).toEqual(expected);

      // Two instances publishing at the same time: every subscriber sees one and the same order.
      const together = Array.from({ length: 30 }, () => posted());
      await Promise.all(together.map((event, index) => (index % 2 ? a : b).publish(channel, event)));
      const seen = await Promise.all(readers.map((read) => read.take(30)));
      expect(new Set(eventsOf(seen[0]!))).toEqual(new Set(together.map((event) => event.ids.postId)));
      for (const other of seen.slice(1)) expect(eventsOf(other)).toEqual(eventsOf(seen[0]!));
    });

    it("catches a reconnecting client up from its last event id, then carries on live without repeats", async () => {
      const a = await open();
      const b = harness.shared ? await open() : a;
      const channel = newChannel();
      const events = Array.from({ length: 4 }, () => posted());
      const ids: string[] = [];
      for (const event of events) ids.push(await a.publish(channel, event));

      // It had received the second event when its connection dropped; it comes back on another instance.
      const lifetime = session();
      const resumed = b.subscribe(channel, { signal: lifetime.signal, lastEventId: ids[1] });
      await resumed.ready;
      const later = posted();
      const laterId = await a.publish(channel, later);
      const read = reader(resumed);
      expect(await read.take(3)).toEqual([
        { type: "event", id: ids[2], channel, event: events[2] },
        { type: "event", id: ids[3], channel, event: events[3] },
        { type: "event", id: laterId, channel, event: later },
      ]);
      expect(await read.nothingWithin(200)).toBe(true);

      // Up to date: nothing to catch up, only what follows.
      const current = b.subscribe(channel, { signal: lifetime.signal, lastEventId: laterId });
      await current.ready;
      const last = posted();
      await a.publish(channel, last);
      expect(eventsOf(await reader(current).take(1))).toEqual([last.ids.postId]);
    });

    it("tells a client resuming from before what the channel still holds that it missed events", async () => {
      const port = await open({ retainPerChannel: 3 });
      const channel = newChannel();
      const events = Array.from({ length: 6 }, () => posted());
      const ids: string[] = [];
      for (const event of events) ids.push(await port.publish(channel, event));
      const lifetime = session();
      const tooOld = port.subscribe(channel, { signal: lifetime.signal, lastEventId: ids[0] });
      await tooOld.ready;
      const deliveries = await reader(tooOld).take(4);
      expect(deliveries[0]).toEqual({ type: "missed", channel });
      expect(eventsOf(deliveries.slice(1))).toEqual(events.slice(3).map((event) => event.ids.postId));

      // An id this backend never gave (or a restarted in-process port's) is treated the same way.
      const unknown = port.subscribe(channel, { signal: lifetime.signal, lastEventId: "not-an-id" });
      await unknown.ready;
      expect((await reader(unknown).take(1))[0]).toEqual({ type: "missed", channel });
    });

    it("an aborted subscriber stops receiving, its stream ends and nothing it held stays behind", async () => {
      const port = await open();
      const channel = newChannel();
      const lifetime = session();
      const others = session();
      setMaxListeners(60, lifetime.signal); // one session with 50 streams, on purpose
      const subscriptions = Array.from({ length: 50 }, () => port.subscribe(channel, { signal: lifetime.signal }));
      const staying = port.subscribe(channel, { signal: others.signal });
      await Promise.all([...subscriptions, staying].map((subscription) => subscription.ready));
      const stayingReader = reader(staying);
      await port.publish(channel, posted());
      expect(await stayingReader.take(1)).toHaveLength(1);
      const connectionsWhileOpen = await harness.connections(port);
      // One shared connection set per instance, not one per stream.
      expect(connectionsWhileOpen).toBeLessThanOrEqual(3);
      expect(port.subscriberCount()).toBe(51);
      if (harness.backendSubscriptions) expect(await harness.backendSubscriptions(channel)).toBe(1);
      expect(getEventListeners(lifetime.signal, "abort")).toHaveLength(50);

      const waiting = reader(subscriptions[0]!);
      expect(await waiting.take(1)).toHaveLength(1);
      const pending = waiting.next(); // a stream waiting for its next event ends when its session does
      lifetime.abort();
      expect(await pending).toEqual({ done: true, value: undefined });
      expect(getEventListeners(lifetime.signal, "abort")).toHaveLength(0);
      await port.publish(channel, posted());
      expect(await waiting.next()).toEqual({ done: true, value: undefined });
      expect(port.subscriberCount()).toBe(1);
      expect(await stayingReader.take(1)).toHaveLength(1);

      others.abort();
      await expect.poll(() => port.subscriberCount()).toBe(0);
      if (harness.backendSubscriptions) await expect.poll(() => harness.backendSubscriptions!(channel)).toBe(0);
      expect(await harness.connections(port)).toBeLessThanOrEqual(connectionsWhileOpen);

      // Leaving the loop (a client that stops reading) releases it as well.
      const leaving = port.subscribe(channel, { signal: session().signal });
      await leaving.ready;
      await port.publish(channel, posted());
      for await (const delivery of leaving) if (delivery.type === "event") break;
      expect(port.subscriberCount()).toBe(0);

      // A session already over gets a stream that ends at once.
      const over = port.subscribe(channel, { signal: AbortSignal.abort() });
      await over.ready;
      expect(await reader(over).next()).toEqual({ done: true, value: undefined });
      expect(port.subscriberCount()).toBe(0);
    });

    it.runIf(harness.dropConnections)(
      "after a lost connection its subscribers are told they missed events, then receive again",
      async () => {
        const [a, b] = [await open(), await open()];
        const channel = newChannel();
        const lifetime = session();
        const subscription = b.subscribe(channel, { signal: lifetime.signal });
        await subscription.ready;
        const read = reader(subscription);
        await a.publish(channel, posted());
        expect(await read.take(1)).toHaveLength(1);

        await harness.dropConnections!(b);
        expect(await read.take(1, 10_000)).toEqual([{ type: "missed", channel }]);
        const after = posted();
        await a.publish(channel, after);
        expect(eventsOf(await read.take(1, 10_000))).toEqual([after.ids.postId]);
      },
    );

    it("refuses anything but a kind and ids, and delivers nothing for it", async () => {
      const port = await open();
      const channel = newChannel();
      const lifetime = session();
      const subscription = port.subscribe(channel, { signal: lifetime.signal });
      await subscription.ready;
      const postId = randomUUID();
      const refused: unknown[] = [
        { kind: "post.published", ids: { postId }, text: "See you at 6, call me on +44 7700 900123" },
        { kind: "post.published", ids: { postId: "Ana from the swimming club" } },
        { kind: "post.published", ids: { email: "ana@example.com" } },
        { kind: "post.published", ids: { postId: { nested: postId } } },
        { kind: "post.published", ids: { count: 3 } },
        { kind: "Post published!", ids: { postId } },
        { kind: "post.published" },
        { kind: "post.published", ids: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`id${i}`, postId])) },
      ];
      for (const event of refused)
        await expect(port.publish(channel, event as LiveEvent), JSON.stringify(event)).rejects.toBeInstanceOf(
          LiveValidationError,
        );
      await expect(port.publish("Lounge table 1", posted())).rejects.toBeInstanceOf(LiveValidationError);
      expect(() => port.subscribe("lounge/../x", { signal: lifetime.signal })).toThrow(LiveValidationError);

      const fine = posted(postId);
      await port.publish(channel, fine);
      expect(await reader(subscription).take(1)).toMatchObject([{ type: "event", event: fine }]);
    });

    it("a subscriber that does not read holds a bounded queue and is told it missed events", async () => {
      const port = await open();
      const channel = newChannel();
      const lifetime = session();
      const slow = port.subscribe(channel, { signal: lifetime.signal });
      await slow.ready;
      // A second subscriber reads everything: once it has, the slow one has been handed everything too.
      const witness = port.subscribe(channel, { signal: lifetime.signal });
      await witness.ready;
      const events = Array.from({ length: MAX_QUEUED_PER_SUBSCRIBER + 20 }, () => posted());
      const arrived = reader(witness).take(events.length, 20_000);
      for (const event of events) await port.publish(channel, event);
      expect(await arrived).toHaveLength(events.length);

      const read = reader(slow);
      expect(await read.take(1)).toEqual([{ type: "missed", channel }]);
      // What came after the overflow follows, in order, up to the newest event.
      const rest = await read.take(20);
      expect(eventsOf(rest)).toEqual(events.slice(MAX_QUEUED_PER_SUBSCRIBER).map((event) => event.ids.postId));
      expect(await read.nothingWithin(100)).toBe(true);
    });
  });
}
