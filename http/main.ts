/**
 * The production HTTP server: configuration, database and migrations, demo
 * content, then a node:http listener that refuses addresses the router would read
 * differently from the guards, answers kept anonymous pages itself
 * (http/kept-pages-first.ts) and members' shared pages (http/member-pages.ts), and hands every other request to Express, with
 * compression, security headers, static assets, request logs and React Router.
 * `--dev` serves through Vite instead of the build.
 */
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "../app/server/config";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "../app/server/db/database";
import { countQueriesOf } from "../app/server/db/query-count";
import { loadDemoContentIfEmpty } from "../app/server/demo/load-demo-content";
import { createAuth } from "../app/server/auth/auth";
import { resolveAuthSecret } from "../app/server/auth/auth-secret";
import { resolveCurrentUser } from "../app/server/auth/current-user";
import { createSessionCache, followMemberNotices } from "../app/server/auth/session-cache";
import { forgetExpiredCaptchaSolutions } from "../app/server/captcha/captcha";
import { forgetEndedApiWindows } from "../app/server/api/api-rate-limit";
import { createImageStorage } from "../app/server/images/create-image-storage";
import { createLiveHub } from "../app/server/live/live-hub";
import { createMailer } from "../app/server/mail/mailer";
import { createNotificationJob } from "../app/server/notifications/notification-job";
import { RANKINGS_JOB_INTERVAL_MS, createRankingsJob } from "../app/server/rankings/rankings-job";
import { TASTES_JOB_INTERVAL_MS, createTastesJob } from "../app/server/tastes/tastes-job";
import { anonymousPageCache, markRenderedForMember } from "./anonymous-page-cache";
import { createRenderedPageCache } from "./rendered-page-cache";
import { keptPagesFirst } from "./kept-pages-first";
import { memberPagesFirst } from "./member-pages";
import { MEMBER_MESSAGES_PATH, memberMessagesAssets } from "./member-messages-assets";
import { fetchHeaders } from "./fetch-headers";
import { answerDatabaseOutage, healthCheck } from "./database-outage";
import { answeringOutageInResourceRoutes } from "./outage-aware-build";
import { drainListenersFollowCompression } from "./drain-listeners";
import { precompressedAssets } from "./precompressed-assets";
import { createRequestsUnderWay } from "./requests-under-way";
import { clientAddress } from "./client-address";
import { limitRequestBodies } from "./body-limits";
import { refuseMalformedRequests } from "./refuse-malformed-requests";
import { parcoursRequestListener } from "./request-listener";
import { keptAnswerLogLine, requestId, requestLog } from "./request-log";
import { refuseForeignOrigins } from "./same-origin";
import { securityHeaderWriter, securityHeaders } from "./security-headers";
import { clearSiteDataWhenSessionEnds } from "./clear-site-data";
import { memberTagger, tellMember } from "./member-header";

const development = process.argv.includes("--dev");

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const startedAt = performance.now();
const config = readConfig();
// Lines are written to stdout by libuv's threads, not the request's: a synchronous write was half of a kept page's CPU
// time (docs/rules/quality.md#anonymous-throughput). pino flushes what is left when the process exits.
const logger = pino({ level: config.logLevel, base: { service: "parcours" } }, pino.destination({ dest: 1, sync: false }));

const database = await openDatabase(databaseLocationFromConfig(config));
await migrateDatabase(database);
if (config.loadDemoContent) {
  await loadDemoContentIfEmpty(database.db, logger, config.adminEmail);
}

const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.mailOutboxDir, logger });
if (mailer.kind === "none") logger.warn("SMTP_URL is not set: password-reset and address confirmation e-mails cannot be sent");
// A session's member, kept a few seconds per process and dropped by whatever ends or changes it: better-auth's
// endpoints and our services in this process, the database's member notices for every process (decision 0058).
const sessionCache = createSessionCache((headers) => resolveCurrentUser(auth, database.db, config, headers));
const auth = createAuth(database.db, config, authSecret, mailer, (userId) => (userId ? sessionCache.forgetMember(userId) : sessionCache.forgetAll()));
const imageStorage = createImageStorage(config.storage);
// The administrator's notifications (docs/decisions/0016): every process sends, the claim keeps them from sending twice.
const NOTIFICATION_INTERVAL_MS = 5_000;
const notificationJob = createNotificationJob({ db: database.db, mailer, adminEmail: config.adminEmail, publicUrl: config.publicUrl, logger });
notificationJob.start(NOTIFICATION_INTERVAL_MS);
// Standings, their ranges and the month's snapshot (decision 0079): computed beside the requests, never in one.
const rankingsJob = createRankingsJob({ db: database.db, logger });
rankingsJob.start(RANKINGS_JOB_INTERVAL_MS);
// Members with your taste and rides for you (decision 0078): a bounded run every half hour, the first a minute after start.
const tastesJob = createTastesJob({ db: database.db, logger });
tastesJob.start(TASTES_JOB_INTERVAL_MS, 60_000);
const liveHub = await createLiveHub(database.listen, logger, { maxStreamsPerClient: config.liveStreamsPerAddress });
followMemberNotices(sessionCache, liveHub);

// Spent captcha solutions only matter while their challenge could be replayed (10 minutes).
const forgetSpentCaptchas = () =>
  forgetExpiredCaptchaSolutions(database.db).catch((error) => logger.error({ err: error }, "captcha cleanup failed"));
void forgetSpentCaptchas();
setInterval(forgetSpentCaptchas, 15 * 60 * 1000).unref();
// The public API's per-address counters whose window is long over (decision 0036).
setInterval(
  () => void forgetEndedApiWindows(database.db).catch((error) => logger.error({ err: error }, "API rate-limit cleanup failed")),
  15 * 60 * 1000,
).unref();

const app = express();
app.disable("x-powered-by");
// Every request counts until it is done, so that a shutdown waits for it (see shutdown below).
const requestsUnderWay = createRequestsUnderWay();
app.use(requestsUnderWay.count);
app.use(requestLog(logger));
app.use((_request, response, next) => {
  const counter = { count: 0 };
  response.locals.queries = counter;
  countQueriesOf(counter, next);
});
// A live-update stream must reach the browser event by event, not wait in a compression buffer.
app.use(
  compression({
    filter: (request, response) =>
      !String(response.getHeader("Content-Type")).startsWith("text/event-stream") && compression.filter(request, response),
  }),
);
app.use(drainListenersFollowCompression);
const securityOptions = {
  development,
  https: config.publicUrl.startsWith("https://"),
  formTargets: config.google ? [new URL(config.google.discoveryUrl).origin] : [],
};
app.use(securityHeaders(securityOptions));
// A response that ends the session clears the browser's copies of the member's pages (decision 0041).
app.use(clearSiteDataWhenSessionEnds);

app.get("/healthz", healthCheck(database, () => ({ live: liveHub.counts() })));

// The members' messages of the pages with slots, as scripts a member's shared page names (decision 0069).
const memberMessages = memberMessagesAssets();
app.use(MEMBER_MESSAGES_PATH, (request, response, next) => memberMessages.serve(request, response, next));

let build: ServerBuild | (() => Promise<ServerBuild>);
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = async () => answeringOutageInResourceRoutes((await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild);
} else {
  const clientDir = path.resolve("build/client");
  // Hashed file names never change content: cache them for a year.
  const assetCaching = { immutable: true, maxAge: "1y" };
  app.use("/assets", precompressedAssets(path.join(clientDir, "assets"), assetCaching));
  app.use("/assets", express.static(path.join(clientDir, "assets"), assetCaching));
  const publicFiles = express.static(clientDir, {
    maxAge: "1h",
    // The service worker's name never changes: browsers must see a new build's worker at once.
    setHeaders: (response, file) => file.endsWith(`${path.sep}sw.js`) && response.setHeader("Cache-Control", "no-cache"),
  });
  // Every public file has an extension (sw.js, the manifests, the icons): a page's address skips the file system
  // lookup, which took about a tenth of a kept page's time (docs/rules/quality.md#anonymous-throughput).
  app.use((request, response, next) => (path.extname(request.path) ? publicFiles(request, response, next) : next()));
  build = answeringOutageInResourceRoutes((await import(path.resolve("build/server/index.js"))) as ServerBuild);
}

app.use(clientAddress(config.trustedProxyHeader));
app.use(refuseForeignOrigins(config.siteOrigins));
app.use(refuseMalformedRequests());
// Each route's largest body, refused before it is read (decision 0028).
app.use(limitRequestBodies(build));
// Anonymous pages: ETag (nonce-independent), 304, shared caching; signed-in pages: private, no-store.
// Anonymous pages as rendered, dropped by any write: this process's (the middleware) and every instance's (live notices).
const keptPages = createRenderedPageCache();
liveHub.watchEveryChange(() => keptPages.dropAll());
app.use(anonymousPageCache(keptPages));
const memberTag = memberTagger(authSecret);
/** What every render's load context holds but the member, the logger and the nonce. */
const sharedContext = { db: database.db, config, auth, authSecret, imageStorage, liveHub, mailer, sessionsChanged: sessionCache.forgetMember };
const handleRequest = createRequestHandler({
  build,
  mode: development ? "development" : "production",
  getLoadContext: async (request, response) => {
    // One session lookup per request; a renewed session's cookie goes back with the response. Not for the public
    // read API, whose answers are the same for everyone and cached by shared caches (decision 0036): no lookup, no cookie.
    const publicApi = request.path.startsWith("/api/v1/");
    const { user, setCookies } = publicApi
      ? { user: null, setCookies: [] }
      : await sessionCache.lookup(fetchHeaders(request.headers));
    for (const cookie of setCookies) response.append("Set-Cookie", cookie);
    if (user) markRenderedForMember(response);
    // Whom this answer is for, so that the service worker keeps no one else's copies (decision 0041).
    if (!publicApi) tellMember(response, memberTag(user?.id ?? null));
    // A document's pictures are drawn into it only; a data request's (`….data`) travel in its data (decision 0068).
    const drawnInDocument = request.path.endsWith(".data") ? undefined : new Map<string, string>();
    return { ...sharedContext, currentUser: user, logger: request.log, nonce: response.locals.nonce as string, drawnInDocument };
  },
});
// A loader can still be querying after its browser went away: the request counts until the handler returns.
app.all("/{*path}", requestsUnderWay.track(handleRequest));
app.use(answerDatabaseOutage);

// Kept anonymous pages are answered before Express, which takes every other request (http/kept-pages-first.ts).
const answerKeptPage = keptPagesFirst({
  keptPages,
  writeSecurityHeaders: securityHeaderWriter(securityOptions),
  requestId,
  watch: requestsUnderWay.watch,
  logged: (answer) => logger.info(keptAnswerLogLine(answer), "request completed"),
});
// Members' GETs of the pages visitors see: the kept page and their own part, without Express (http/member-pages.ts).
// Through Vite (--dev) every member's page is rendered in full.
const answerMemberPage =
  typeof build === "function"
    ? () => false as const
    : memberPagesFirst({
        keptPages,
        build,
        visitorContext: sharedContext,
        resolveMember: sessionCache.lookup,
        memberTag,
        writeSecurityHeaders: securityHeaderWriter(securityOptions),
        requestId,
        watch: requestsUnderWay.watch,
        logger,
        logged: (answer) => logger.info(keptAnswerLogLine(answer), "request completed"),
        memberMessagesTag: memberMessages.scriptTag,
      });
const server = http.createServer(parcoursRequestListener(answerKeptPage, answerMemberPage, app));
server.listen(config.port, config.host, () => {
  logger.info(
    { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    "Parcours is listening",
  );
});

// Node closes an idle keep-alive connection after 5 s, and a client sending on it at that moment gets ECONNRESET (a
// sign-in of the e2e suite did, on a loaded machine). Idle connections stay open longer than clients and proxies keep
// theirs (60 s for most), so the closing is theirs; the headers' timeout must stay above it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

/** How long a shutdown waits for the requests under way before cutting their connections. */
const SHUTDOWN_GRACE_MS = 8_000;

let stopping = false;
/**
 * Stops in the order that lets every request under way finish: stop accepting
 * connections, end the live streams (they never end on their own; browsers
 * reconnect to another process), wait for the requests under way (at most
 * SHUTDOWN_GRACE_MS), and only then stop the notification job (its pass under
 * way finishes: an e-mail sent is marked sent) and the rankings and tastes jobs, and close the live hub and the
 * database they use; "stopped" is the last line.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  // The last resort, should closing the database itself hang.
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000).unref();
  const connectionsClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  liveHub.endStreams();
  // The steps' own lines let a test check their order (scripts/durability/shutdown-order.ts).
  logger.info("live streams ended");
  const drained = await requestsUnderWay.drain(server, SHUTDOWN_GRACE_MS);
  if (!drained) {
    logger.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still under way at the end of the shutdown grace: their connections are cut");
    server.closeAllConnections();
  }
  await connectionsClosed;
  logger.info("requests finished");
  await notificationJob.stop();
  await rankingsJob.stop();
  await tastesJob.stop();
  await liveHub.close();
  await database.close();
  logger.info("database closed");
  logger.info("stopped");
  process.exit(drained ? 0 : 1);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
