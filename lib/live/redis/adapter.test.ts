/**
 * The live port contract on Redis (REDIS_TEST_URL, e.g. redis://127.0.0.1:6379; skipped without it),
 * under a key prefix of this run's own, removed afterwards.
 */
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe } from "vitest";
import { describeLivePortContract } from "../contract";
import type { LivePort } from "../port";
import { createRedisLivePort } from "./adapter";

const url = process.env.REDIS_TEST_URL;
const keyPrefix = `happr-test:live:${randomUUID()}:`;

describe.skipIf(!url)("redis live port", () => {
  const admin = createClient({ url });
  const names = new WeakMap<LivePort, string>();
  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(keys);
    await admin.close();
  });

  describeLivePortContract("Redis", {
    shared: true,
    open: async (options) => {
      const connectionName = `happr-live-test-${randomUUID().slice(0, 8)}`;
      const port = createRedisLivePort({ url: url!, keyPrefix, connectionName, ...options });
      names.set(port, connectionName);
      return port;
    },
    connections: async (port) => {
      const list = String(await admin.sendCommand(["CLIENT", "LIST"]));
      return list.split("\n").filter((line) => line.includes(` name=${names.get(port)} `)).length;
    },
    dropConnections: async (port) => {
      const list = String(await admin.sendCommand(["CLIENT", "LIST"]));
      for (const line of list.split("\n").filter((entry) => entry.includes(` name=${names.get(port)} `)))
        await admin.sendCommand(["CLIENT", "KILL", "ID", /\bid=(\d+)/.exec(line)![1]!]);
    },
    backendSubscriptions: async (channel) => {
      const reply = (await admin.sendCommand(["PUBSUB", "NUMSUB", `${keyPrefix}${channel}`])) as unknown[];
      return Number(reply[1]);
    },
  });
});
