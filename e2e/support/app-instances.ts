import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { journeyNode, journeyPath, nextBin } from "./journey-node";

/**
 * More `next start` processes of the build the journeys already made (playwright.config.ts), with an
 * environment of their own: for journeys that need several instances or another content source.
 */

/** Ports of the extra instances: E2E_PORT + 1, + 2, ... (each engineer's range is E2E_PORT..+19). */
export const extraPort = (offset: number) => Number(process.env.E2E_PORT ?? 3210) + offset;

export type AppInstance = { url: string; output: () => string; stop: () => Promise<void> };

export async function startInstance(port: number, env: Record<string, string>): Promise<AppInstance> {
  const url = `http://localhost:${port}`;
  // On the journeys' Node.js, and keeping idle connections as `npm start` does, as the main instance
  // (playwright.config.ts, e2e/support/web-server.sh).
  const child: ChildProcess = spawn(
    journeyNode(),
    [nextBin, "start", "-p", String(port), "--keepAliveTimeout", "65000"],
    {
      env: {
        ...process.env,
        // What the server starts as `node` runs on the same Node.js.
        PATH: journeyPath(),
        NODE_ENV: "production",
        // The same embedded defaults as the main instance, chosen on purpose as production asks.
        BILLING: "sandbox",
        MAIL: "outbox",
        SITE_URL: url,
        AUTH_SECRET: randomBytes(33).toString("base64"),
        REAUTH_WINDOW_SECONDS: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start on ${port} exited:\n${output}`);
    const ready = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`next start on ${port} did not answer /api/health within 60 s:\n${output}`);
}

/** A scratch database on the PostgreSQL server (E2E_POSTGRES_URL, default the machine's), dropped by `drop`. */
export async function scratchDatabase(
  server = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `e2e_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The bundled dataset's documents (Sanity's export format), to seed a stand-in Sanity API. */
export function bundledDocuments(): { _id: string; _type: string; [field: string]: unknown }[] {
  return readFileSync("sanity/dataset/data.ndjson", "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}
