// ESLint: the architecture's import direction, React's hook rules, JSX accessibility and
// typescript-eslint's recommended checks (decision 0014). `npm run lint` runs it with
// --max-warnings=0, so a warning fails `npm test` like an error.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A zone of `import-x/no-restricted-paths`: files under `target` must not import anything under `from`. */
const forbid = (target, from, message) => ({ target, from, message });

/** Route modules, and the types `react-router typegen` writes for them (`./+types/<route>`). */
const routeModules = ["./app/routes", "./.react-router/types/app/routes"];

const layerZones = [
  // The domain is pure: client and server both import it, so it reaches only other domain
  // modules (and packages). `except` lets the message-key type of app/i18n through; the
  // rule below keeps that exception to `import type`.
  {
    target: "./app/domain",
    from: "./app",
    except: ["./domain", "./i18n"],
    message: "app/domain is pure: it imports only app/domain (and `import type` from app/i18n).",
  },
  forbid("./app/domain", ["./http", "./.react-router"], "app/domain is pure: it imports only app/domain."),
  // Components run in the browser: server code (types included: they couple the component to
  // a service's internals) and route modules are out of reach.
  forbid("./app/components", "./app/server", "Components never import app/server, not even types: take the data as props or import a domain type."),
  forbid("./app/components", "./http", "Components never import the HTTP host."),
  forbid("./app/components", routeModules, "Components never import route modules: routes import components, not the reverse."),
  // Services are called by routes, never the reverse.
  forbid("./app/server", routeModules, "app/server never imports app/routes: routes call services, not the reverse."),
  forbid("./app/server", "./app/components", "app/server never imports app/components."),
];

export default defineConfig(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/", "drizzle/", "public/"],
  },
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended, importX.flatConfigs.typescript],
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    settings: {
      // Resolves `~/…` through tsconfig's paths, so the zones below see `~/server/x` as app/server/x.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }],
      // Type-only imports are erased at build time, so only value imports can form a cycle (the rule skips `import type`).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Declaration merging into a library's interface (react-router's AppLoadContext) is an
      // interface with one `extends` and no members of its own.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // The message-key type is the one thing app/domain takes from app/i18n, and only as a type.
    files: ["app/domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/i18n/*", "../i18n/*"],
              allowTypeImports: true,
              message: "app/domain may take only types from app/i18n (`import type`).",
            },
          ],
        },
      ],
    },
  },
  {
    // The React app: rendered on the server, hydrated in the browser.
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["http/**/*.ts", "scripts/**/*.{ts,mjs}", "tests/**/*.{ts,tsx}", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright reads a fixture's dependencies from the destructured first parameter, so a
    // fixture that needs none must still write `{}` there (its documented form).
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
