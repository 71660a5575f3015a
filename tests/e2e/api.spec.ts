import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectAccessible, test } from "./support/fixtures";

// The public read API (decision 0036): its documentation page in both languages, and a
// read from a page of another origin. Nothing here writes.

const HEADINGS = {
  fr: { title: "API publique de Parcours", endpoints: "Points d'accès", shapes: "Formes des réponses" },
  en: { title: "Parcours public API", endpoints: "Endpoints", shapes: "Response shapes" },
} as const;
// An operation's summary and description, a parameter's description and the reuse licence, in each page's language.
const REFERENCE = {
  fr: { summary: "Lister les parcs", description: "La pagination se fait par clé", parameter: "Parcs par page", licence: "Open Database License (ODbL 1.0)" },
  en: { summary: "List parks", description: "Paging is by keyset", parameter: "Parks per page", licence: "Open Database License (ODbL 1.0)" },
} as const;

test.describe("public API", () => {
  for (const language of ["fr", "en"] as const) {
    test(`${language}: the documentation page lists every endpoint from the OpenAPI document`, async ({ page, request }) => {
      const response = await page.goto(`/${language}/api`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADINGS[language].title);
      await expect(page.getByRole("heading", { level: 2, name: HEADINGS[language].endpoints })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: HEADINGS[language].shapes })).toBeVisible();
      const document = (await (await request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
      for (const path of Object.keys(document.paths)) {
        await expect(page.getByRole("heading", { level: 3, name: `GET ${path}`, exact: true })).toBeVisible();
      }
      await expect(page.getByRole("link", { name: /\/api\/v1\/openapi\.json$/ })).toBeVisible();
      const listParks = page.getByRole("region", { name: "GET /parks", exact: true });
      await expect(listParks).toContainText(REFERENCE[language].summary);
      await expect(listParks).toContainText(REFERENCE[language].description);
      await expect(listParks).toContainText(REFERENCE[language].parameter);
      await expect(page.getByText(REFERENCE[language].licence)).toBeVisible();
      if (language === "fr") await expect(page.locator("main")).not.toContainText("Paging is by keyset");
      // A response shape opens to its JSON Schema.
      await page.getByText("ParkPage", { exact: true }).first().click();
      await expect(page.locator("#shape-ParkPage pre")).toContainText('"next"');
      await expectAccessible(page);
    });
  }

  test("a page of another origin reads the API with fetch (CORS), and revalidates with the ETag", async ({ page, baseURL }) => {
    // A page of another origin: a bare server on another loopback port (Chromium lets a plain-HTTP page reach the
    // loopback address space only from that space, so Playwright cannot simply answer for an invented host).
    const client = http.createServer((_request, response) => response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>client</title>"));
    await new Promise<void>((resolve) => client.listen(0, "127.0.0.1", resolve));
    await page.goto(`http://127.0.0.1:${(client.address() as AddressInfo).port}/`);
    const result = await page.evaluate(async (api) => {
      const first = await fetch(`${api}/api/v1/parks?limit=2`);
      const body = (await first.json()) as { data: { name: string }[]; links: { next: string | null } };
      const etag = first.headers.get("etag");
      const again = await fetch(`${api}/api/v1/parks?limit=2`, { headers: { "if-none-match": etag ?? "" }, cache: "no-store" });
      return { status: first.status, names: body.data.map((park) => park.name), next: body.links.next, etag, revalidated: again.status };
    }, baseURL!);
    expect(result.status).toBe(200);
    expect(result.names).toHaveLength(2);
    expect(result.next).toMatch(/\/api\/v1\/parks\?limit=2&cursor=/);
    expect(result.etag).toMatch(/^"[\w-]+"$/);
    // The If-None-Match header made the browser send a preflight first; the answer is the 304.
    expect(result.revalidated).toBe(304);
    await new Promise((resolve) => client.close(resolve));
  });
});
