import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";

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
 * The small modules every page loads (translation, page titles, icons, the error page, image
 * and rating display, formats, and the layout the root draws around every page: header,
 * footer, mobile bar, progress bar) go in one chunk: apart, each costs its own
 * imports and exports, whose names cannot be shortened, and its own gzip
 * window; together they were 1.5 KB gzip smaller on every page, the layout 0.27 KB more. Decision 0013.
 */
const SHELL_MODULES =
  /app\/(components\/(page-meta|icons|root-data|nonce|server-svg|responsive-image|average-rating|moderation-badge|form-message|route-error-boundary|account-notice|layout\/(header|footer|mobile-nav|navigation-progress|nav-items|language-switch))|i18n\/(translation-context|translate)|domain\/(languages|format|image-reference|search))\.tsx?$|react\/cjs\/react-jsx-runtime|vite\/preload-helper/;

/**
 * Small modules always loaded together go in one chunk (decision 0015): the
 * form field and the form-check hook (every page with a form uses both); the
 * review rules and the comment limits (every lazy review form and the review
 * actions use both: apart, each adds its name to every page's preload lists);
 * the contribution forms' shared fields (picture with its size limit,
 * descriptions, opening year: the add-attraction form, "Ajouter un parc" and
 * the edit suggestion use them together), whose three names in the park
 * page's preload list took room its first load no longer has (the ride
 * figures stay apart: with them, "Ajouter un parc" would load the ride rules).
 */
const GROUPED_MODULES: Array<[RegExp, string]> = [
  [/app\/components\/(field\.tsx|use-form-check\.ts)$/, "form-kit"],
  // Every lazy form of the park and ride pages uses both: one name instead of two in those pages' preload lists.
  [/app\/(domain\/page-intents|components\/use-page-form-fetcher)\.ts$/, "page-forms"],
  [/app\/domain\/(rating-rules|comment-limits)\.ts$/, "rating-rules"],
  [/app\/(components\/(contribute\/(image-field|shared-fields)\.tsx|file-limits\.ts)|domain\/contribution-limits\.ts)$/, "contribute-fields"],
  // The ride's declared fields and what reads them (decision 0051): apart, five names in the park page's add-attraction
  // preload list. The modules they import that other pages use keep chunks of their own, else this one would take them in.
  [/app\/(domain\/(catalogue-field-checks|park-fields|ride-fields|attraction-form)\.ts|components\/contribute\/ride-number-fields\.tsx)$/, "catalogue-fields"],
  [/app\/domain\/form-values\.ts$/, "form-values"],
  [/app\/domain\/attraction-types\.ts$/, "attraction-types"],
  // The plan's members-only code in one chunk: what the park's editor shares with the ride page's
  // button (requests, plan rules) would otherwise be a second name in the park page's lazy-import list.
  [/app\/(components\/plan\/(visit-plan-editor|plan-entry-item|plan-totals|plan-completion-dialog|use-plan-store|use-child-height|plan-request|add-ride-to-plan|plan-outbox|offline-copy)|domain\/(plan-editing|visit-plan))\.tsx?$/, "visit-plan-editor"],
];

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
  plugins: [serverOnlyGuard(), smallPreloadHelper(), tailwindcss(), reactRouter(), precompressAssets(), quietBuild()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    assetsInlineLimit: 0,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: { output: { manualChunks: (id) => (SHELL_MODULES.test(id) ? "shell" : GROUPED_MODULES.find(([modules]) => modules.test(id))?.[1]) } },
  },
});
