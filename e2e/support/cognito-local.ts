import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { callUserPool } from "../../lib/identity/cognito/user-pool";

/**
 * cognito-local (a local implementation of Cognito's user-pool API) on a loopback port, for a journey
 * whose app instance is configured for Cognito. Its pool id is renamed to the shape a real pool has
 * ("us-east-1_..."), which the app's configuration requires. Codes are read from its console.
 */
export type CognitoLocalServer = {
  endpoint: string;
  poolId: string;
  clientId: string;
  output: () => string;
  call<T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T>;
  lastCode(destination: string): Promise<string>;
  stop(): Promise<void>;
};

const require = createRequire(import.meta.url);

async function run(directory: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, [require.resolve("cognito-local/lib/bin/start.js")], {
    cwd: directory,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", FORCE_COLOR: "0", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
  const started = Date.now();
  while (!/running on http/.test(printed)) {
    if (child.exitCode !== null || Date.now() - started > 30_000)
      throw new Error(`cognito-local did not start:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  };
  return { output: () => printed, stop };
}

export async function startCognitoLocal(port: number): Promise<CognitoLocalServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "cognito-local-e2e-"));
  const endpoint = `http://127.0.0.1:${port}/`;
  const call = <T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>) =>
    callUserPool({ region: "us-east-1", endpoint }, action, body, schema);

  let server = await run(directory, port);
  const pool = await call(
    "CreateUserPool",
    { PoolName: "happr-e2e", AutoVerifiedAttributes: ["email"], UsernameAttributes: ["email"] },
    z.object({ UserPool: z.object({ Id: z.string() }) }),
  );
  const client = await call(
    "CreateUserPoolClient",
    { UserPoolId: pool.UserPool.Id, ClientName: "web" },
    z.object({ UserPoolClient: z.object({ ClientId: z.string() }) }),
  );
  await server.stop();
  // "local_abc123" -> "us-east-1_abc123" in its files, then start again on them.
  const poolId = pool.UserPool.Id.replace(/^local_/, "us-east-1_");
  const db = path.join(directory, ".cognito", "db");
  for (const name of readdirSync(db)) {
    const file = path.join(db, name);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll(pool.UserPool.Id, poolId));
    if (name.startsWith(pool.UserPool.Id)) renameSync(file, path.join(db, name.replace(pool.UserPool.Id, poolId)));
  }
  server = await run(directory, port);

  return {
    endpoint,
    poolId,
    clientId: client.UserPoolClient.ClientId,
    output: () => server.output(),
    call,
    async lastCode(destination) {
      const started = Date.now();
      for (;;) {
        const blocks = server
          .output()
          .split("Confirmation Code Delivery")
          .filter((block) => block.includes(destination));
        const code = blocks.at(-1)?.match(/Code:\s+(\d{6})/)?.[1];
        if (code) return code;
        if (Date.now() - started > 15_000) throw new Error(`no code for ${destination} in:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
