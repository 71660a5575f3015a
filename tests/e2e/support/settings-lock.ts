import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const STALE_AFTER_MS = 180_000;

/**
 * The administrator's settings are one row that every test's server shares,
 * and tests in other files run at the same time. A test that changes them
 * (auto-moderation for a few reports, the digest frequency, the settings
 * screen's own saves) does it inside this lock and restores the defaults
 * before leaving it, so that no other test ever sees its values. The lock is
 * a directory in the run's data directory: mkdir is atomic across processes.
 * A lock older than three minutes (a test killed mid-way) is taken over.
 */
export async function withSettingsLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR!, "settings.lock");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_AFTER_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released between the two calls: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
