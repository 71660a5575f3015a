import type { ServerBuild } from "react-router";
import { databaseUnavailableAnswer } from "../app/server/database-unavailable";
import { isDatabaseUnavailable } from "../app/server/db/errors";

type Handler = (args: { request: Request }) => unknown;

function answeringOutage(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // A thrown Response is what a resource route answers as is (and React Router does not log it).
      const answer = databaseUnavailableAnswer(args.request);
      throw new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
  };
}

/**
 * The server build with each resource route's loader and action (the routes
 * without a page: /api/…, sitemaps, images, logout) answering the outage's 503
 * when the database cannot be reached (decision 0026). React Router turns a
 * resource route's error into its own bare 500 and no hook of the entry sees
 * it; pages get their 503 from entry.server.tsx. Wrapping the build, rather
 * than each route, keeps routes added later covered.
 */
export function answeringOutageInResourceRoutes(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { module } = route!;
      if (module.default || id === "root") return [id, route];
      const wrapped = { ...module };
      if (module.loader) wrapped.loader = answeringOutage(module.loader as Handler) as typeof module.loader;
      if (module.action) wrapped.action = answeringOutage(module.action as Handler) as typeof module.action;
      return [id, { ...route!, module: wrapped }];
    }),
  );
  return { ...build, routes };
}
