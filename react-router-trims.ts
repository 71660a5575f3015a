import type { Plugin } from "vite";

/**
 * Three features of React Router this site does not use, cut from the browser's copy of the router (decision 0062):
 * they are reached only through run-time checks, so tree-shaking keeps them, 1.9 KB gzip on every page. Each cut makes
 * one check false where the package's production build makes it, and terser drops what only that branch reached.
 * React Router is pinned to one version in package.json; should an upgrade change a line, the build fails naming it.
 */
const TRIMS = [
  {
    // Instrumentation is what a custom app/entry.client.tsx passes to <HydratedRouter unstable_instrumentations>:
    // the site uses React Router's default entry, which passes none.
    feature: "instrumentation",
    line: "  if (init.instrumentations) {",
    becomes: "  if (false) {",
    count: 2,
  },
  {
    // Server components need React Router's RSC plugin and entries; this site renders with the classic ones.
    feature: "server components",
    line: "  return React.useContext(RSCRouterContext);",
    becomes: "  return false;",
    count: 1,
  },
  {
    feature: "server components (error boundary)",
    line: '    if (this.context && typeof error === "object"',
    becomes: '    if (false && typeof error === "object"',
    count: 1,
  },
  {
    feature: "server components (error boundary)",
    line: "    if (this.context) {",
    becomes: "    if (false) {",
    count: 1,
  },
  {
    // Client middleware comes from a route module's `clientMiddleware` export, which react-router.config.ts declines
    // (v8_middleware: false) and which the build below refuses: the pipeline only ever calls its handler.
    feature: "client middleware",
    line: "  let tuple = middlewares[idx];",
    becomes: "  let tuple;",
    count: 1,
  },
] as const;

/** The module of React Router's production build that holds the router and its components. */
function isRouterModule(id: string, code: string) {
  return id.includes("/node_modules/react-router/dist/production/") && code.includes("function createRouter(");
}

export function reactRouterTrims(): Plugin {
  let trimmed = false;
  return {
    name: "parcours:react-router-trims",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "client" || !isRouterModule(id, code)) return null;
      let result = code;
      for (const trim of TRIMS) {
        const found = result.split(trim.line).length - 1;
        if (found !== trim.count) {
          this.error(`react-router-trims.ts (${trim.feature}): expected ${trim.count} × "${trim.line}" in ${id}, found ${found}`);
        }
        result = result.replaceAll(trim.line, trim.becomes);
      }
      trimmed = true;
      return { code: result, map: null };
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      if (!trimmed) this.error("react-router-trims.ts: React Router's production module was not in the browser's build");
      const withMiddleware = Object.values(bundle).filter((output) => output.type === "chunk" && output.exports.includes("clientMiddleware"));
      if (withMiddleware.length > 0) {
        this.error(`react-router-trims.ts cut client middleware, which ${withMiddleware.map((chunk) => chunk.fileName).join(", ")} exports`);
      }
    },
  };
}
