import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AttractionTypeName } from "~/domain/attraction-types";
import type { Executor } from "../db/database";
import { attractionTypes, attractions, parks } from "../db/schema";

/**
 * Read side of parks and attractions for the public pages. Only approved
 * content is visible here (public site §4).
 */

export type ParkCard = {
  id: string;
  name: string;
  slug: string;
  region: string;
  country: string;
  imageUrl: string | null;
  averageRating: number | null;
  ratingCount: number;
  attractionsCount: number;
};

export async function listFeaturedParks(db: Executor, limit: number): Promise<ParkCard[]> {
  return db
    .select({
      id: parks.id,
      name: parks.name,
      slug: parks.slug,
      region: parks.region,
      country: parks.country,
      imageUrl: parks.imageUrl,
      averageRating: parks.averageRating,
      ratingCount: parks.ratingCount,
      attractionsCount: parks.attractionsCount,
    })
    .from(parks)
    .where(eq(parks.moderationStatus, "approved"))
    .orderBy(sql`${parks.averageRating} DESC NULLS LAST`, desc(parks.ratingCount), asc(parks.name))
    .limit(limit);
}

export async function findApprovedParkBySlug(db: Executor, slug: string) {
  const [park] = await db
    .select()
    .from(parks)
    .where(and(eq(parks.slug, slug), eq(parks.moderationStatus, "approved")))
    .limit(1);
  return park ?? null;
}

export async function findApprovedParkSlugById(db: Executor, id: string): Promise<string | null> {
  const [park] = await db
    .select({ slug: parks.slug })
    .from(parks)
    .where(and(eq(parks.id, id), eq(parks.moderationStatus, "approved")))
    .limit(1);
  return park?.slug ?? null;
}

const attractionListColumns = {
  id: attractions.id,
  name: attractions.name,
  slug: attractions.slug,
  type: sql<AttractionTypeName>`${attractionTypes.name}`,
  status: attractions.status,
  imageUrl: attractions.imageUrl,
  averageRating: attractions.averageRating,
  ratingCount: attractions.ratingCount,
  audienceCounts: {
    thrill: attractions.audienceThrillCount,
    kids: attractions.audienceKidsCount,
    general: attractions.audienceGeneralCount,
  },
};

export type AttractionListItem = {
  id: string;
  name: string;
  slug: string;
  type: AttractionTypeName;
  status: "operating" | "removed";
  imageUrl: string | null;
  averageRating: number | null;
  ratingCount: number;
  audienceCounts: { thrill: number; kids: number; general: number };
};

export async function listApprovedAttractionsOfPark(db: Executor, parkId: string): Promise<AttractionListItem[]> {
  return db
    .select(attractionListColumns)
    .from(attractions)
    .innerJoin(attractionTypes, eq(attractionTypes.id, attractions.typeId))
    .where(and(eq(attractions.parkId, parkId), eq(attractions.moderationStatus, "approved")))
    .orderBy(sql`${attractions.averageRating} DESC NULLS LAST`, asc(attractions.name));
}

export async function findApprovedAttraction(db: Executor, parkSlug: string, attractionSlug: string) {
  const [row] = await db
    .select({
      attraction: attractions,
      type: sql<AttractionTypeName>`${attractionTypes.name}`,
      park: { id: parks.id, name: parks.name, slug: parks.slug },
    })
    .from(attractions)
    .innerJoin(parks, eq(parks.id, attractions.parkId))
    .innerJoin(attractionTypes, eq(attractionTypes.id, attractions.typeId))
    .where(
      and(
        eq(parks.slug, parkSlug),
        eq(parks.moderationStatus, "approved"),
        eq(attractions.slug, attractionSlug),
        eq(attractions.moderationStatus, "approved"),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findApprovedAttractionSlugsById(
  db: Executor,
  id: string,
): Promise<{ parkSlug: string; attractionSlug: string } | null> {
  const [row] = await db
    .select({ parkSlug: parks.slug, attractionSlug: attractions.slug })
    .from(attractions)
    .innerJoin(parks, eq(parks.id, attractions.parkId))
    .where(
      and(eq(attractions.id, id), eq(attractions.moderationStatus, "approved"), eq(parks.moderationStatus, "approved")),
    )
    .limit(1);
  return row ?? null;
}
