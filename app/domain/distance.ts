import { formatWith } from "./format";
import type { Language } from "./languages";

/** A place on Earth in decimal degrees (WGS 84, as GeoNames and the parks' columns hold them). */
export type GeoPoint = { latitude: number; longitude: number };

/**
 * Where distances are measured from, as the home page shows it: the visitor's position (never named, never
 * stored), or a typed town resolved on the server, with its country's name in the page's language.
 */
export type DistanceOrigin = { kind: "position" } | { kind: "town"; name: string; country: string };

/**
 * Three decimals (about 110 m): close enough to sort parks, far enough not to pinpoint a home, and few enough
 * distinct addresses for the anonymous page cache to be of use (decision 0034).
 */
function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function roundedPoint(latitude: number, longitude: number): GeoPoint {
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}

const NEAR_PATTERN = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;

/** `?near=48.857,2.352`; anything else (or out of range) is no origin at all, not an error. */
export function readNearParam(value: string | null): GeoPoint | null {
  const match = value ? NEAR_PATTERN.exec(value) : null;
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return roundedPoint(latitude, longitude);
}

export function nearParam(point: GeoPoint): string {
  return `${roundCoordinate(point.latitude)},${roundCoordinate(point.longitude)}`;
}

/** A typed town as the address carries it: trimmed, spaces collapsed, bounded; empty is none. */
export function readTownParam(value: string | null): string | null {
  const town = value?.replace(/\s+/g, " ").trim().slice(0, 80).trim();
  return town || null;
}

/** "412 km", "1 204 km", "4,2 km": whole kilometres, one decimal under 10 km, in the reader's number format. */
export function formatDistanceKm(kilometres: number, language: Language): string {
  const digits = Math.round(kilometres * 10) < 100 ? 1 : 0;
  return `${formatWith(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }, kilometres)} km`;
}

/** Mean Earth radius (IUGG), in km: the haversine's sphere, as the home list's SQL takes it (park-queries.ts). */
const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two points, in km (haversine): exact enough at a park's scale and at a continent's. */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  const radians = Math.PI / 180;
  const halfLatitude = Math.sin(((to.latitude - from.latitude) * radians) / 2);
  const halfLongitude = Math.sin(((to.longitude - from.longitude) * radians) / 2);
  const h = halfLatitude ** 2 + Math.cos(from.latitude * radians) * Math.cos(to.latitude * radians) * halfLongitude ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
