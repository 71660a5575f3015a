import type { Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db/database";

/**
 * What the HTTP server hands every loader and action: the database, the
 * configuration, the request's logger and the nonce of its Content-Security-Policy.
 */
export type ParcoursLoadContext = {
  db: Database;
  config: Config;
  logger: Logger;
  nonce: string;
};

declare module "react-router" {
  interface AppLoadContext extends ParcoursLoadContext {}
}
