import { readFileSync, rmSync, writeFileSync } from "node:fs";

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (is \`npm run dev\` or \`npm start\` running?). ` +
        "Stop that process first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.",
    );
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<dir>.lock` for this process, or throws DatabaseInUseError naming the live process that
 * holds it. A lock left by a process that has died is taken over. Returns the release function
 * (also run when the process exits).
 */
export async function acquireDirectoryLock(dir: string): Promise<() => void> {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        rmSync(lockFile, { force: true });
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(dir, holder);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
