import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import routes from "~/routes";

// The captcha widget's JSX typings, imported for their types only, do not load under Node.
vi.mock("altcha/types/react", () => ({}));

type ConfigRoute = { file: string; children?: ConfigRoute[] };

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const files = (entries: ConfigRoute[]): string[] => entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
const routeFiles = [...new Set(files(routes as ConfigRoute[]))].sort();

/**
 * Every page whose loader or action can fail shows the translated error page
 * inside the site's shell (docs/rules/site.md#error-pages): its module exports an ErrorBoundary.
 * Resource routes (no component: JSON, XML, images, redirects only) answer
 * without a page and need none.
 */
describe("route modules' error boundaries", () => {
  it("finds the route table's modules", () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    expect(routeFiles).toContain("routes/park.tsx");
  });

  it.each(routeFiles)("%s: a page that loads or writes data has an ErrorBoundary", async (file) => {
    const module = (await import(path.join(appDirectory, file))) as Record<string, unknown>;
    const page = typeof module.default === "function";
    const usesData = typeof module.loader === "function" || typeof module.action === "function";
    if (page && usesData) expect(typeof module.ErrorBoundary, `${file} exports no ErrorBoundary`).toBe("function");
    // The first import of a route transforms its whole module graph: seconds on a loaded machine.
  }, 60_000);
});
