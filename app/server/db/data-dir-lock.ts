import { rmSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * PGlite's files must never be opened by two processes at once (a second
 * writer corrupts them). A pid file in the data directory guards it: a lock
 * held by a live process refuses the open, a stale one is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "parcours.pid");
  const holder = await readHolder(lockPath);
  if (holder !== null && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is already open in process ${holder}. Stop that process first.`,
    );
  }
  await fs.writeFile(lockPath, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Synchronous on purpose: this also runs from exit handlers.
    try {
      rmSync(lockPath, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}

async function readHolder(lockPath: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await fs.readFile(lockPath, "utf8"), 10);
    return Number.isFinite(pid) ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
