import { createHash } from "node:crypto";
import { MARK_RADIUS, parkPlanLayout, type PlacedRide, type PlanLayout } from "~/domain/park-plan";
import type { RideTypeName } from "~/domain/ride-types";
import type { TFunction } from "~/i18n/translate";
import type { SvgFile } from "../map/base-map";
import { escapeXml, svgNumber } from "../svg/svg-markup";

/**
 * The plan of a park as a file of its own (docs/rules/catalogue.md#park-plan), like its skyline: no script, nothing
 * loaded, the same for every language (numbers, names, metres and an N). The park page's text alternative says what
 * it shows; the rides' names are listed on the page.
 */

/** One colour per type, each dark enough for a white number (4.5:1 at least). */
const COLOURS: Record<RideTypeName, string> = {
  roller_coaster: "#b91c1c",
  dark_ride: "#6d28d9",
  water_ride: "#0369a1",
  flat_ride: "#c2410c",
  show: "#be185d",
  kids_ride: "#4d7c0f",
  virtual_reality: "#4338ca",
  interactive_ride: "#a16207",
  transport: "#44403c",
  walk_through: "#0f766e",
};

const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"`;

function mark(number: number, type: RideTypeName, x: number, y: number, radius: number): string {
  const size = number >= 100 ? 10 : 13;
  return (
    `<circle cx="${svgNumber(x)}" cy="${svgNumber(y)}" r="${radius}" fill="${COLOURS[type]}" stroke="#ffffff" stroke-width="1.5"/>` +
    `<text x="${svgNumber(x)}" y="${svgNumber(y)}" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${number}</text>`
  );
}

/** "500 m", "1 km", "2 km": the scale's lengths are whole in either unit. */
function metresLabel(metres: number): string {
  return metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
}

function drawing(layout: PlanLayout): string {
  const { map, scale, north } = layout;
  const frame = `<rect x="${map.x}" y="${map.y}" width="${map.width}" height="${svgNumber(map.height)}" rx="8" fill="#f5f5f4" stroke="#d6d3d1"/>`;
  const marks = layout.marks.map((each) => mark(each.number, each.type, each.x, each.y, MARK_RADIUS)).join("");
  const right = svgNumber(scale.x + scale.width);
  const bar =
    `<path d="M${scale.x} ${svgNumber(scale.y - 5)}V${svgNumber(scale.y)}H${right}V${svgNumber(scale.y - 5)}" fill="none" stroke="#292524" stroke-width="2"/>` +
    `<text x="${svgNumber(scale.x + scale.width + 8)}" y="${svgNumber(scale.y)}" font-size="14" fill="#292524">${metresLabel(scale.metres)}</text>`;
  const arrow =
    `<path d="M${north.x} ${north.y}l-6 14h12z" fill="#292524"/>` +
    `<text x="${north.x - 12}" y="${svgNumber(north.y + 13)}" font-size="14" font-weight="700" fill="#292524" text-anchor="end">N</text>`;
  const legend = layout.legend
    .map(
      (line) =>
        mark(line.number, line.type, map.x + MARK_RADIUS, line.y, MARK_RADIUS) +
        `<text x="${map.x + 2 * MARK_RADIUS + 8}" y="${svgNumber(line.y)}" font-size="16" fill="#1c1917" dominant-baseline="central">${escapeXml(line.name)}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${svgNumber(layout.height)}" width="${layout.width}" height="${Math.ceil(layout.height)}" ${FONT}>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${frame}${marks}${bar}${arrow}${legend}</svg>`
  );
}

/**
 * The plan as a file, or null when too few rides are placed. Its ETag is a hash of the drawing, so it changes exactly
 * when a position, a type or a name does.
 */
export function parkPlanFile(rides: readonly PlacedRide[]): SvgFile | null {
  const layout = parkPlanLayout(rides);
  if (!layout) return null;
  const body = drawing(layout);
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
}

type PlanImage = { src: string; alt: string; width: number; height: number };

/** The park page's plan: its address, text alternative and size, or nothing when too few of its rides are placed. */
export function parkPlanImage(parkId: string, rides: readonly PlacedRide[], t: TFunction): PlanImage | null {
  const layout = parkPlanLayout(rides);
  if (!layout) return null;
  return { src: `/maps/plans/${parkId}.svg`, alt: t("identity.parkPlan.alt", { count: rides.length }), width: layout.width, height: Math.ceil(layout.height) };
}
