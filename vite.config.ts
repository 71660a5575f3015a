import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { listedFiles, listedPackageModules } from "./chunk-groups";
import { packageTrims } from "./package-trims";

const serverOnlyDirectory = `${path.sep}app${path.sep}server${path.sep}`;

/**
 * Fails the client build when a module under app/server/ would end up in the
 * browser bundle: route modules may import it only from loaders and actions,
 * which React Router strips from the client build.
 */
function serverOnlyGuard(): Plugin {
  return {
    name: "parcours:server-only-guard",
    enforce: "pre",
    load(id, options) {
      if (!options?.ssr && path.normalize(id).includes(serverOnlyDirectory)) {
        throw new Error(`Server-only module imported by client code: ${id}`);
      }
      return null;
    },
  };
}

/**
 * Vite's module that every lazy `import()` goes through (it preloads the
 * chunk's own imports alongside it) weighs 0.64 KB gzip on each page with a
 * members-only chunk. Ours does the same for this site in a fifth of that:
 * one absolute base, no CSS in lazy chunks (one stylesheet for the site), and
 * same-origin scripts, which the Content-Security-Policy allows without a
 * nonce. Should Vite rename the module, its own is used again: the site
 * stays correct, only heavier. Decision 0013.
 */
function smallPreloadHelper(): Plugin {
  const helperId = "\0vite/preload-helper.js";
  let base = "/";
  return {
    name: "parcours:small-preload-helper",
    enforce: "pre",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== helperId || !base.startsWith("/")) return null;
      return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    const link = document.createElement("link");
    link.rel = dep.endsWith(".css") ? "stylesheet" : "modulepreload";
    link.href = ${JSON.stringify(base)} + dep;
    document.head.append(link);
  }
  return load();
};`;
    },
  };
}

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside each script
 * and stylesheet of the client build, for http/precompressed-assets.ts:
 * smaller than what compressing on the fly can afford, and computed once.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  return {
    name: "parcours:precompress-assets",
    apply: "build",
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      // The directory rather than the bundle's file list, which lacks the stylesheet here. React
      // Router's route manifest, written later, is compressed on the fly like any other response.
      const assets = path.join(options.dir, "assets");
      const files = (await readdir(assets)).filter((file) => /\.(js|css)$/.test(file)).map((file) => path.join("assets", file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(options.dir!, file);
          const content = await readFile(target);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Puts the modules listed in chunk-groups.ts in their chunks (decision 0054): by name, so that a renamed or
 * moved module fails the build, naming the entry, instead of leaving its group unnoticed. Before building, every
 * listed file must exist; once the browser's bundle is written, every entry must be in the chunk of its group
 * (a package module that no longer has that id, or a file no page imports any more, fails too).
 */
function chunkGroups(): { plugin: Plugin; manualChunks: (id: string) => string | undefined } {
  const root = import.meta.dirname;
  const files = new Map(listedFiles().map(([file, chunk]) => [path.join(root, file), chunk]));
  const packageModules = listedPackageModules();
  const manualChunks = (id: string) => files.get(id) ?? packageModules.find(([part]) => id.includes(part))?.[1];
  const plugin: Plugin = {
    name: "parcours:chunk-groups",
    apply: "build",
    buildStart() {
      for (const [file] of listedFiles()) {
        if (!existsSync(path.join(root, file))) this.error(`chunk-groups.ts lists ${file}, which does not exist`);
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const placed = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") for (const id of output.moduleIds) placed.set(id, output.name);
      }
      const missing = [
        ...[...files].filter(([file, chunk]) => placed.get(file) !== chunk).map(([file, chunk]) => `${path.relative(root, file)} (${chunk})`),
        ...packageModules.filter(([part, chunk]) => ![...placed].some(([id, name]) => id.includes(part) && name === chunk)).map(([part, chunk]) => `${part} (${chunk})`),
      ];
      if (missing.length > 0) this.error(`chunk-groups.ts: not in their chunk of the browser's build: ${missing.join(", ")}`);
    },
  };
  return { plugin, manualChunks };
}

const chunks = chunkGroups();

/**
 * Two build warnings that say nothing to act on, left out so that a build that
 * warns is a build worth reading (decision 0048):
 * - an empty chunk on the client: a resource route (sitemap, API, images…) has
 *   only a loader or an action, which React Router strips from the browser's
 *   build, so its client chunk is empty and no page loads it;
 * - on the server, a module both imported and lazily imported (the forms' rules
 *   that pages fetch on demand, which server code imports directly): the server
 *   build is one bundle anyway. On the client that warning stays, since there it
 *   would mean a lazy chunk that is not lazy.
 */
/**
 * React Router's package exports only its development build, whose warnings and checks weighed 0.6 KB gzip of
 * every page's first load; the browser's build takes the production build the package ships beside it, the same
 * code without them. The server keeps the package's own resolution. Should the files move, the build fails here.
 */
function productionReactRouter(): Plugin {
  const production = path.join(import.meta.dirname, "node_modules/react-router/dist/production");
  const entries: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "parcours:production-react-router",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      if (this.environment.name !== "client" || !(source in entries)) return null;
      const file = path.join(production, entries[source]!);
      if (!existsSync(file)) this.error(`React Router's production build is not at ${file}`);
      return file;
    },
  };
}

function quietBuild(): Plugin {
  const nothingToActOn = (environment: string, warning: Rollup.RollupLog) =>
    environment === "ssr"
      ? warning.plugin === "vite:reporter" && warning.message.includes("dynamic import will not move module into another chunk")
      : warning.code === "EMPTY_BUNDLE";
  return {
    name: "parcours:quiet-build",
    apply: "build",
    configEnvironment(environment) {
      // onLog rather than onwarn, which React Router's plugin sets for its own filtering: Vite passes
      // that one on as the default handler here.
      const onLog: NonNullable<Rollup.InputOptions["onLog"]> = (level, log, handler) => {
        if (level !== "warn" || !nothingToActOn(environment, log)) handler(level, log);
      };
      return { build: { rollupOptions: { onLog } } };
    },
  };
}

export default defineConfig({
  plugins: [serverOnlyGuard(), productionReactRouter(), packageTrims(), smallPreloadHelper(), tailwindcss(), reactRouter(), precompressAssets(), quietBuild(), chunks.plugin],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    assetsInlineLimit: 0,
    minify: "terser",
    // Vite asks terser for Safari 10's workarounds unless told otherwise: the build targets Vite's default browsers
    // (Chrome and Edge 107, Firefox 104, Safari 16 and later), and the workarounds cost 0.2 KB gzip on every page. Decision 0062.
    terserOptions: { safari10: false, compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: { output: { manualChunks: chunks.manualChunks } },
  },
});
