import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: { assetsInlineLimit: 0, minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
});
