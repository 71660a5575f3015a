import { asc, count, eq } from "drizzle-orm";
import { INTEGER_MAX, isIntegerCount } from "~/domain/cursor-bounds";
import { LANGUAGES, localizedPath } from "~/domain/languages";
import type { Executor } from "../db/database";
import { rides, parks } from "../db/schema";
import { manufacturerPath } from "~/domain/ride-manufacturers";
import { listManufacturersWithRides } from "./manufacturer-rides";
import { publicRide, publicPark } from "./visibility";

/** Each page lists this many parks or attractions, twice (fr and en): within the 50,000-URL limit of a sitemap. */
const SITEMAP_PAGE_SIZE = 20_000;

type Entry = { path: string; updatedAt: Date };

/** The sitemap index: one file for parks, one for manufacturers, then attractions by pages. */
export async function sitemapIndex(db: Executor, publicUrl: string): Promise<string> {
  const [row] = await db
    .select({ total: count() })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(publicRide());
  const pages = Math.max(1, Math.ceil((row?.total ?? 0) / SITEMAP_PAGE_SIZE));
  const files = ["/sitemaps/parks.xml", "/sitemaps/manufacturers.xml", ...Array.from({ length: pages }, (_, page) => `/sitemaps/attractions-${page + 1}.xml`)];
  return xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
      .map((file) => `<sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>`)
      .join("")}</sitemapindex>`,
  );
}

export async function parksSitemap(db: Executor, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ slug: parks.slug, updatedAt: parks.updatedAt })
    .from(parks)
    .where(publicPark())
    .orderBy(asc(parks.slug));
  return urlSet(publicUrl, rows.map((row) => ({ path: `/${row.slug}`, updatedAt: row.updatedAt })));
}

/** The manufacturers' pages that list at least one public ride (an empty one is not worth a search engine's visit). */
export async function manufacturersSitemap(db: Executor, publicUrl: string): Promise<string> {
  const rows = await listManufacturersWithRides(db);
  return urlSet(publicUrl, rows.map((row) => ({ path: manufacturerPath(row.slug), updatedAt: row.updatedAt })));
}

/** Page `page` (from 1) of the approved attractions of approved parks, in a stable order. */
export async function ridesSitemap(db: Executor, publicUrl: string, page: number): Promise<string | null> {
  // The page comes from the address: past the rows an integer can count it is no page, and its
  // OFFSET would be an SQL error rather than an empty page (decision 0038).
  if (!isIntegerCount(page) || page < 1 || (page - 1) * SITEMAP_PAGE_SIZE > INTEGER_MAX) return null;
  const rows = await db
    .select({ parkSlug: parks.slug, slug: rides.slug, updatedAt: rides.updatedAt })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(publicRide())
    .orderBy(asc(rides.id))
    .limit(SITEMAP_PAGE_SIZE)
    .offset((page - 1) * SITEMAP_PAGE_SIZE);
  if (rows.length === 0 && page > 1) return null;
  return urlSet(publicUrl, rows.map((row) => ({ path: `/${row.parkSlug}/${row.slug}`, updatedAt: row.updatedAt })));
}

/** Every page in both languages, each with its hreflang alternates. */
function urlSet(publicUrl: string, entries: Entry[]): string {
  const urls = entries.flatMap((entry) =>
    LANGUAGES.map((language) => {
      const alternates = LANGUAGES.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(publicUrl + localizedPath(other, entry.path))}"/>`,
      ).join("");
      return `<url><loc>${escapeXml(publicUrl + localizedPath(language, entry.path))}</loc><lastmod>${entry.updatedAt.toISOString()}</lastmod>${alternates}</url>`;
    }),
  );
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>`,
  );
}

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
