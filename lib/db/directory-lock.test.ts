import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { expect, it } from "vitest";
import { acquireDirectoryLock, DatabaseInUseError } from "./directory-lock";

const dir = () => path.join(mkdtempSync(path.join(tmpdir(), "happr-lock-")), "pglite");

it("takes the lock, refuses a second holder while the first lives, and frees it on release", async () => {
  const target = dir();
  const release = await acquireDirectoryLock(target);
  expect(readFileSync(`${target}.lock`, "utf8")).toBe(String(process.pid));

  // Another live process holds it: pretend by writing a live pid that is not ours.
  release();
  const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
  try {
    writeFileSync(`${target}.lock`, String(sleeper.pid));
    await expect(acquireDirectoryLock(target)).rejects.toThrow(DatabaseInUseError);
    await expect(acquireDirectoryLock(target)).rejects.toThrow(new RegExp(`in use by process ${sleeper.pid}`));
  } finally {
    sleeper.kill();
  }
});

it("takes over a lock left by a process that has died", async () => {
  const target = dir();
  writeFileSync(`${target}.lock`, "999999999");
  const release = await acquireDirectoryLock(target);
  expect(readFileSync(`${target}.lock`, "utf8")).toBe(String(process.pid));
  release();
  expect(existsSync(`${target}.lock`)).toBe(false);
});
