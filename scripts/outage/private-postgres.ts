/**
 * A PostgreSQL server of the test's own, so that it can be stopped and
 * started without touching the machine's shared one: a cluster made by
 * initdb in a temporary directory, listening on 127.0.0.1 at the given port
 * with its socket in that directory. initdb and postgres refuse to run as
 * root: as root, they run as the `postgres` user, who owns the directory.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The newest installed PostgreSQL's binaries (Debian's /usr/lib/postgresql/<version>/bin), or null. */
export function findPostgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "pg_ctl")) && existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export type PrivatePostgres = { url: string; start: () => void; stop: () => void; remove: () => void };

export function createPrivatePostgres(binaries: string, port: number): PrivatePostgres {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "parcours-outage-pg-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const command = (program: string, args: string[]) =>
    asRoot ? ["runuser", "-u", "postgres", "--", path.join(binaries, program), ...args] : [path.join(binaries, program), ...args];
  const run = (program: string, args: string[]) => {
    const [file, ...rest] = command(program, args);
    const result = spawnSync(file!, rest, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "120", "start"]),
    // Immediate: the server goes away as in a crash, its connections cut without goodbye.
    stop: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    remove: () => {
      // Whatever state a failed test left it in: a server already stopped makes this stop fail, which is fine.
      const [file, ...rest] = command("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      spawnSync(file!, rest);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const uid = id("-u");
  if (!Number.isInteger(uid) || uid <= 0) throw new Error("running as root needs a `postgres` user to run PostgreSQL as");
  return { uid, gid: id("-g") };
}
