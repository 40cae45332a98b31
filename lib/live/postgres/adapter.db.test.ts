/**
 * The live port contract on PostgreSQL LISTEN/NOTIFY, in a scratch database on the server
 * TEST_DATABASE_URL names (the postgres project; skipped on PGlite, where the in-process port is used).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase } from "../../db/open";
import { describeLivePortContract } from "../contract";
import type { LivePort } from "../port";
import { createPostgresLivePort } from "./adapter";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("postgres live port", () => {
  const name = `happr_test_${randomBytes(6).toString("hex")}`;
  const url = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : "";
  const admin = new Client({ connectionString: serverUrl });
  const names = new WeakMap<LivePort, string>();

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    // The app's migrations make live_events and live_publish.
    const database = await openDatabase({ kind: "postgres", url });
    await database.close();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  describeLivePortContract("PostgreSQL", {
    shared: true,
    open: async (options) => {
      const applicationName = `happr-live-test-${randomUUID().slice(0, 8)}`;
      const port = createPostgresLivePort({ url, applicationName, ...options });
      names.set(port, applicationName);
      return port;
    },
    dropConnections: async (port) => {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2",
        [name, names.get(port)],
      );
    },
    connections: async (port) => {
      const result = await admin.query<{ count: string }>(
        "select count(*) from pg_stat_activity where datname = $1 and application_name = $2",
        [name, names.get(port)],
      );
      return Number(result.rows[0]!.count);
    },
  });
});
