import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../e2e/support/app-instances";
import type { BenchOptions } from "./options";
import { startNextApp, type RunningApp } from "./server";

export type ProbeServer = {
  app: RunningApp;
  /** The mail outbox the member's sign-up code is read from. */
  outboxFile: string;
  /** The scratch PostgreSQL database's URL, or null on the embedded database. */
  databaseUrl: string | null;
  /** Stops the server, then drops its database and data folder. */
  close(): Promise<void>;
};

/**
 * The existing production build under `next start` for a probe script (views-probe, profile-members):
 * its own data folder and mail outbox, on a scratch database beside BENCH_DATABASE_URL (dropped by
 * `close`) or else the embedded one, and a fresh AUTH_SECRET. `env` is given the data folder.
 */
export async function startProbeServer(
  options: BenchOptions,
  settings: { name: string; port: number; args?: string[]; env?: (dataDir: string) => Record<string, string> },
): Promise<ProbeServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `happr-${settings.name}-`));
  const outboxFile = path.join(dataDir, "outbox.ndjson");
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
  const removeAll = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startNextApp({
      name: settings.name,
      rootDir: options.rootDir,
      appDir: options.mainDir,
      host: options.host,
      port: settings.port,
      logFile: path.join(dataDir, "server.log"),
      timeoutMs: 120_000,
      args: settings.args,
      env: {
        DATA_DIR: dataDir,
        OUTBOX_FILE: outboxFile,
        SITE_URL: `http://${options.host}:${settings.port}`,
        AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(33).toString("base64"),
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...settings.env?.(dataDir),
      },
    });
    return {
      app,
      outboxFile,
      databaseUrl: scratch?.url ?? null,
      close: async () => {
        await app.stop();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}
