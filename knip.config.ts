import type { KnipConfig } from "knip";

/**
 * Unused files, dependencies and exports (decision 0014). Knip's React Router plugin reads
 * app/routes.ts for the route modules, root.tsx and the entry files; its Vite, Vitest,
 * Playwright and Drizzle plugins read their configs; package.json's scripts give
 * http/main.ts and the CLIs. An export imported nowhere else is reported even when its own
 * file uses it: then it should not be exported.
 */
export default {
  entry: [
    "scripts/*.{ts,mjs}",
    "tests/**/*.{ts,tsx}",
    // Declares the loader context's type into react-router's `AppLoadContext` (declaration
    // merging): nothing imports it, the compiler reads it because tsconfig includes it.
    "app/server/load-context.ts",
  ],
  project: ["app/**/*.{ts,tsx}", "http/**/*.ts", "scripts/**/*.{ts,mjs}", "tests/**/*.{ts,tsx}", "*.config.ts", "app/**/*.css"],
  compilers: {
    // The stylesheet's `@import "tailwindcss"` is how the app uses Tailwind.
    css: (text: string) => [...text.matchAll(/@import\s+["']([^"']+)["']/g)].map(([, specifier]) => `import "${specifier}";`).join("\n"),
  },
} satisfies KnipConfig;
