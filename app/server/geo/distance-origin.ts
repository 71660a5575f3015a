import type pino from "pino";
import type { DistanceOrigin, GeoPoint } from "~/domain/distance";
import type { Language } from "~/domain/languages";
import { withoutOrigin, type ParkListFilters } from "~/domain/park-list";
import { lookupTown } from "./town-lookup";

export type ResolvedOrigin = {
  /** The filters the list is read with: without the origin when the typed town was not found. */
  filters: ParkListFilters;
  point: GeoPoint | null;
  origin: DistanceOrigin | null;
  /** The typed text when no town matched it, for the message; the list stays as it was without it. */
  unknownTown: string | null;
};

/**
 * The home list's distance origin (docs/rules/catalogue.md#near-me): the browser's rounded position as given, or the typed town
 * looked up in the GeoNames towns, the country filter breaking ties between namesakes.
 */
export async function resolveDistanceOrigin(
  filters: ParkListFilters,
  language: Language,
  logger: Pick<pino.Logger, "error">,
): Promise<ResolvedOrigin> {
  if (filters.near) return { filters, point: filters.near, origin: { kind: "position" }, unknownTown: null };
  if (!filters.town) return { filters, point: null, origin: null, unknownTown: null };
  const town = await lookupTown(filters.town, filters.country).catch((error: unknown) => {
    // The list must not fail with the town file: the visitor is told the town was not found.
    logger.error({ err: error }, "town lookup failed");
    return null;
  });
  if (!town) return { filters: withoutOrigin(filters), point: null, origin: null, unknownTown: filters.town };
  const country = new Intl.DisplayNames([language], { type: "region" }).of(town.countryCode) ?? town.countryCode;
  return {
    filters,
    point: { latitude: town.latitude, longitude: town.longitude },
    origin: { kind: "town", name: town.name, country },
    unknownTown: null,
  };
}
