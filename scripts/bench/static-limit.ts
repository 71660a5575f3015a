import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { freePort } from "../support/free-port";

/**
 * The static limit of docs/rules/quality.md#anonymous-throughput: the same pages' bytes served by nginx as
 * files (gzip_static: the .gz written once), measured right after Parcours in
 * the same run, with the same autocannon settings. One nginx worker, as
 * Parcours is one process. nginx comes from Debian's packages (nginx-light),
 * installed here when missing; when it cannot be, the comparison is skipped
 * and the report says why.
 */
export type StaticComparison = { rows: Array<{ name: string; url: string; parcours: number; nginx: number }> } | { skipped: string };

const log = (message: string) => console.error(`[bench] ${message}`);

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    if (spawnSync(candidate, ["-v"]).status === 0) return candidate;
  }
  return null;
}

function installNginx(): string | null {
  const found = findNginx();
  if (found) return found;
  log("nginx is missing: installing Debian's nginx-light");
  const install = () => spawnSync("/usr/bin/apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (install().status !== 0) {
    spawnSync("/usr/bin/apt-get", ["update"], { stdio: "ignore" });
    install();
  }
  return findNginx();
}

async function startNginx(binary: string, root: string, port: number): Promise<ChildProcess> {
  for (const directory of ["logs", "temp"]) mkdirSync(path.join(root, directory), { recursive: true });
  const config = path.join(root, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  sendfile on;
  keepalive_requests 1000000;
  client_body_temp_path ${root}/temp; proxy_temp_path ${root}/temp; fastcgi_temp_path ${root}/temp; uwsgi_temp_path ${root}/temp; scgi_temp_path ${root}/temp;
  server {
    listen 127.0.0.1:${port};
    root ${root}/pages;
    location / { gzip_static on; }
  }
}
`,
  );
  const child = spawn(binary, ["-c", config, "-p", root], { stdio: "ignore" });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): see ${root}/logs/error.log`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (listening) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx did not start");
}

export async function compareWithNginx(options: {
  base: string;
  pages: Array<[string, string]>;
  duration: number;
  connections: number;
  /** nginx's port; by default one the system chooses. */
  port?: number;
}): Promise<StaticComparison> {
  const binary = installNginx();
  if (!binary) return { skipped: "nginx is not installed and could not be (apt-get install nginx-light failed): no static comparison" };
  const root = mkdtempSync(path.join(os.tmpdir(), "parcours-static-limit-"));
  // nginx's worker drops root's rights: it must be able to read the pages (mkdtemp makes a private directory).
  chmodSync(root, 0o755);
  mkdirSync(path.join(root, "pages"), { mode: 0o755 });
  const headers = { "accept-encoding": "gzip" };
  const rows: Array<{ name: string; url: string; parcours: number; nginx: number }> = [];
  const files: Array<[string, string, string]> = [];
  for (const [index, [name, url]] of options.pages.entries()) {
    const html = Buffer.from(await (await fetch(`${options.base}${url}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    const file = `page-${index}.html`;
    writeFileSync(path.join(root, "pages", file), html);
    writeFileSync(path.join(root, "pages", `${file}.gz`), gzipSync(html, { level: 9 }));
    files.push([name, url, file]);
  }
  const port = options.port ?? (await freePort());
  const nginx = await startNginx(binary, root, port);
  try {
    for (const [name, url, file] of files) {
      log(`static limit: ${name} on Parcours, then the same bytes on nginx (${options.duration} s each)`);
      const parcours = await autocannon({ url: `${options.base}${url}`, connections: options.connections, duration: options.duration, headers });
      const served = await autocannon({ url: `http://127.0.0.1:${port}/${file}`, connections: options.connections, duration: options.duration, headers });
      if (served.non2xx > 0 || served.errors > 0) throw new Error(`nginx answered ${served.non2xx} non-2xx and ${served.errors} errors for ${file}`);
      rows.push({ name, url, parcours: parcours.requests.average, nginx: served.requests.average });
    }
  } finally {
    nginx.kill("SIGTERM");
    await new Promise((resolve) => nginx.once("exit", resolve));
    rmSync(root, { recursive: true, force: true });
  }
  return { rows };
}
