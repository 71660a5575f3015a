import { eq, sql } from "drizzle-orm";
import { formatDistanceKm, readNearParam, readTownParam, type GeoPoint } from "~/domain/distance";
import { lookupTown } from "../geo/town-lookup";
import { countsOnly, type CreditRules, type CreditSummary, type RideLogBook, type RideLogVisibility, type WishPark } from "~/domain/ride-log";
import { formatDecimal } from "~/domain/format";
import { localizedPath, type Language } from "~/domain/languages";
import { resources } from "~/i18n/resources";
import { createTranslator } from "~/i18n/translate";
import type { MarkText } from "../map/map-marks";
import { visitedParksMap } from "./visited-parks-map";
import { queryRows, type Executor } from "../db/database";
import { profiles } from "../db/schema";
import { readCreditFigures, readCreditSummary } from "./credit-figures";

/** The member's choice of who sees their log, their counting rules and their total: one primary-key read. */
async function readLogSettings(db: Executor, userId: string) {
  const [row] = await db
    .select({
      visibility: profiles.rideLogVisibility,
      coastersOnly: profiles.creditsCoastersOnly,
      countRemoved: profiles.creditsCountRemoved,
      total: profiles.rideCredits,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? { ...row, visibility: row.visibility as RideLogVisibility } : null;
}

/**
 * The member's wish list by park (docs/rules/ride-log.md#wish-list): nearest park first when the member gave a town or
 * their position (the great-circle distance, as the home list's near-me), else the park with the most wished rides
 * first. One statement over the member's wishes.
 */
async function listWishes(db: Executor, userId: string, origin: GeoPoint | null, language: Language): Promise<WishPark[]> {
  const rows = await queryRows<{ park_id: string; park_name: string; park_slug: string; country: string; distance_km: number | null; ride_id: string; ride_name: string; ride_slug: string }>(
    db,
    sql`SELECT p.id AS park_id, p.name AS park_name, p.slug AS park_slug, p.country,
        ${origin ? sql`CASE WHEN p.latitude IS NULL THEN NULL ELSE 6371 * acos(least(1, greatest(-1,
          sin(radians(${origin.latitude})) * sin(radians(p.latitude))
          + cos(radians(${origin.latitude})) * cos(radians(p.latitude)) * cos(radians(p.longitude - ${origin.longitude}))))) END` : sql`NULL`}::double precision AS distance_km,
        a.id AS ride_id, a.name AS ride_name, a.slug AS ride_slug
      FROM ride_wishes w
      JOIN attractions a ON a.id = w.attraction_id
      JOIN parks p ON p.id = a.park_id
      WHERE w.user_id = ${userId} AND a.moderation_status = 'approved' AND p.moderation_status = 'approved'
      ORDER BY a.name`,
  );
  const parks = new Map<string, WishPark>();
  const kilometres = new Map<string, number>();
  for (const row of rows) {
    const park = parks.get(row.park_id) ?? {
      parkId: row.park_id,
      name: row.park_name,
      slug: row.park_slug,
      country: row.country,
      distance: row.distance_km === null ? null : formatDistanceKm(row.distance_km, language),
      rides: [],
    };
    park.rides.push({ rideId: row.ride_id, name: row.ride_name, slug: row.ride_slug });
    parks.set(row.park_id, park);
    kilometres.set(row.park_id, row.distance_km ?? Number.POSITIVE_INFINITY);
  }
  return [...parks.values()].sort(
    (a, b) => kilometres.get(a.parkId)! - kilometres.get(b.parkId)! || b.rides.length - a.rides.length || a.name.localeCompare(b.name),
  );
}

/** The figures and the visited parks' map of a member's log. */
async function figuresAndMap(db: Executor, userId: string, settings: CreditRules & { total: number }, mapText: MapText, withRides: boolean) {
  const [figures, map] = await Promise.all([
    readCreditFigures(db, userId, settings.total, { coastersOnly: settings.coastersOnly, countRemoved: settings.countRemoved }, withRides),
    visitedParksMap(db, userId, mapText.label, mapText.text),
  ]);
  return { figures, map };
}

/** The map's name and its marks' words, in the page's language. */
type MapText = { label: string; text: MarkText };

/** The map's words in `language`, as the map page words its marks. */
function visitedMapText(language: Language): MapText {
  const t = createTranslator(language, resources[language]);
  return {
    label: t("rideLog.profile.map"),
    text: {
      t,
      parkHref: (slug) => localizedPath(language, `/${slug}`),
      areaHref: (bbox) => `${localizedPath(language, "/map")}?bbox=${bbox}`,
      formatRating: (rating) => formatDecimal(rating, language, 1),
    },
  };
}

/** The member's own log on its page ('Mon carnet'): all of it (docs/rules/ride-log.md#who-sees-it). */
export async function readOwnRideLogBook(db: Executor, userId: string, origin: GeoPoint | null, language: Language): Promise<RideLogBook | null> {
  const settings = await readLogSettings(db, userId);
  if (!settings) return null;
  const [{ figures, map }, wishes] = await Promise.all([figuresAndMap(db, userId, settings, visitedMapText(language), true), listWishes(db, userId, origin, language)]);
  return { visibility: settings.visibility, figures, map, wishes };
}

/** What another member's log page shows: nothing while the log is private, the counts or the whole as they chose. */
export async function readPublicRideLogBook(db: Executor, userId: string, language: Language): Promise<RideLogBook | null> {
  const settings = await readLogSettings(db, userId);
  if (!settings || settings.visibility === "private") return null;
  const whole = settings.visibility === "log";
  // Counts only: the rides are neither read nor shown.
  const { figures, map } = await figuresAndMap(db, userId, settings, visitedMapText(language), whole);
  return { visibility: settings.visibility, figures: whole ? figures : countsOnly(figures), map, wishes: null };
}

/** What a profile shows of a member's log: the owner always, others unless it is private. */
export async function readProfileRideLog(db: Executor, userId: string, isOwn: boolean): Promise<CreditSummary | null> {
  const summary = await readCreditSummary(db, userId);
  return summary && (isOwn || summary.visibility !== "private") ? summary : null;
}

/**
 * Where the wish list's distances are measured from: the position (`near`) or the town (`town`) in the address, as
 * the home list takes them (docs/rules/catalogue.md#near-me); none when the town is unknown.
 */
export async function wishListOrigin(search: URLSearchParams): Promise<GeoPoint | null> {
  const near = readNearParam(search.get("near"));
  if (near) return near;
  const town = readTownParam(search.get("town"));
  if (!town) return null;
  // An unreadable town file only loses the distances, never the page.
  const found = await lookupTown(town, null).catch(() => null);
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}
