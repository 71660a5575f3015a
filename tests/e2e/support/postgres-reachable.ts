import net from "node:net";

/**
 * Whether the PostgreSQL server of a URL accepts a connection within 2 s: the
 * same check scripts/test.mjs makes before the PostgreSQL integration suite.
 */
export function postgresReachable(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}
