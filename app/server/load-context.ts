import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { ImageStorage } from "./images/image-storage";
import type { LiveHub } from "./live/live-hub";
import type { Mailer } from "./mail/mailer";

/**
 * What the HTTP server hands every loader and action: the database, the
 * configuration, authentication, image storage, e-mail, the signed-in member
 * (resolved once per request), the request's logger and the nonce of its
 * Content-Security-Policy.
 */
export type ParcoursLoadContext = {
  db: Database;
  config: Config;
  auth: Auth;
  /** Signs sessions (through better-auth) and captcha challenges. */
  authSecret: string;
  /** Uploaded images' renditions (local disk or S3, per STORAGE_DRIVER). */
  imageStorage: ImageStorage;
  /** This process's live-update subscriptions, fed by the database's notifications. */
  liveHub: LiveHub;
  /** SMTP or the development outbox (the e-mail change's links; better-auth has its own reference). */
  mailer: Mailer;
  currentUser: CurrentUser | null;
  /**
   * Tells this process's session cache that a member's sessions or standing changed, once the write is committed
   * (decision 0058): their next request is looked up again. Other processes learn it from the database's notices.
   */
  sessionsChanged: (userId: string) => void;
  /** The request's own logger (pino-http's child): its lines carry the request id. handleError (entry.server.tsx) logs through it. */
  logger: Logger;
  nonce: string;
  /**
   * The pictures a document's render draws, by name (app/server/server-drawn.ts, decision 0068): present when the
   * request is for a document, absent for a data request, whose data carries them.
   */
  drawnInDocument?: Map<string, string>;
};

declare module "react-router" {
  interface AppLoadContext extends ParcoursLoadContext {}
}

/** The load context as services name it, without importing react-router (decision 0053). */
export type AppLoadContext = ParcoursLoadContext;
