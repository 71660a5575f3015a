import { localizedPath, type Language } from "~/domain/languages";
import { atLeastMinSpan, formatBox } from "~/domain/map-view";
import type { TFunction } from "~/i18n/translate";

/** Degrees around a park when its locator opens the map page: close enough that its neighbours stand apart. */
const AROUND = 0.5;

/**
 * The park page's locator (docs/rules/catalogue.md#map): the image's address, its text alternative and the map page centred on the
 * park, all made here (the page's script only writes them out). Null for a park without a location, and for one
 * not yet public (the image route draws public parks only).
 */
export function parkLocator(
  park: { id: string; name: string; region: string; country: string; latitude: number | null; longitude: number | null; moderationStatus: string },
  language: Language,
  t: TFunction,
): { src: string; alt: string; href: string } | null {
  if (park.latitude === null || park.longitude === null || park.moderationStatus !== "approved") return null;
  const box = atLeastMinSpan({
    west: Math.max(-180, park.longitude - AROUND),
    east: Math.min(180, park.longitude + AROUND),
    south: Math.max(-85, park.latitude - AROUND),
    north: Math.min(85, park.latitude + AROUND),
  });
  const alt = t("map.locatorAlt", { name: park.name, region: park.region, country: park.country });
  return { src: `/maps/parks/${park.id}.svg`, alt, href: `${localizedPath(language, "/map")}?bbox=${formatBox(box)}` };
}
