import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The Node.js the journeys' servers run on: Node.js 24, the runtime Happr is deployed on, while the
 * unit suite runs on the machine's own Node. It comes from the registry's `node` package through npx
 * (downloaded once into npx's cache on a fresh machine, about 30 MB). E2E_NODE names another binary
 * (`E2E_NODE=node` serves the journeys on the machine's Node).
 *
 * Resolved once per run: the path is kept in E2E_NODE, which Playwright's workers and the servers
 * they start inherit.
 */
export function journeyNode(): string {
  if (!process.env.E2E_NODE) {
    process.env.E2E_NODE = execFileSync("npx", ["-y", "node@24", "-p", "process.execPath"], {
      encoding: "utf8",
      // The first run downloads Node.js from the registry.
      timeout: 600_000,
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
  }
  return process.env.E2E_NODE;
}

/** PATH with the journeys' Node.js first, so that what their processes start as `node` runs on it too. */
export function journeyPath(): string {
  const node = journeyNode();
  return node.includes(path.sep)
    ? `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`
    : (process.env.PATH ?? "");
}

/** Next.js's command line (`next start`), run with the journeys' Node.js (e2e/support/web-server.sh builds). */
export const nextBin = path.join("node_modules", "next", "dist", "bin", "next");

/** tsx's command line (TypeScript scripts and stand-ins), run with the journeys' Node.js. */
export const tsxBin = path.join("node_modules", "tsx", "dist", "cli.mjs");

/** A shell command running `bin` with the journeys' Node.js (for playwright.config.ts's webServer). */
export function journeyCommand(bin: string, ...args: (string | number)[]): string {
  return [journeyNode(), bin, ...args.map(String)].map((word) => JSON.stringify(word)).join(" ");
}
