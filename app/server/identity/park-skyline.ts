import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RideTypeName } from "~/domain/ride-types";
import { formatNumber } from "~/domain/format";
import type { Language } from "~/domain/languages";
import type { PlacedRide } from "~/domain/park-plan";
import { SKYLINE_HEIGHT, SKYLINE_WIDTH, skylineShapes, tallestRide, type SkylineRide, type SkylineShape } from "~/domain/skyline";
import type { TFunction } from "~/i18n/translate";
import { queryRows, type Executor } from "../db/database";
import type { SvgFile } from "../map/base-map";
import { svgNumber } from "../svg/svg-markup";

/** What a park's pictures draw of its rides: the skyline those with a known height, the plan those with a position. */
export type DrawnRides = { skyline: SkylineRide[]; placed: PlacedRide[] };

/**
 * A published park's published, operating rides by name, in one statement for the page's two pictures: those with
 * a known height (its skyline) and those with a position (its plan, docs/rules/catalogue.md#park-plan). Read on the
 * (park, moderation, status) index; an unpublished park has none, so neither picture is found.
 */
export async function listDrawnRides(db: Executor, parkId: string): Promise<DrawnRides> {
  const rows = await queryRows<{ name: string; type: RideTypeName; height: string | number | null; latitude: number | null; longitude: number | null }>(
    db,
    sql`SELECT a.name, t.name AS type, a.height, a.latitude, a.longitude
      FROM attractions a
      JOIN parks p ON p.id = a.park_id
      JOIN attraction_types t ON t.id = a.type_id
      WHERE a.park_id = ${parkId} AND p.moderation_status = 'approved'
        AND a.moderation_status = 'approved' AND a.status = 'operating'
        AND (a.height IS NOT NULL OR a.latitude IS NOT NULL)
      ORDER BY a.name, a.id`,
  );
  return {
    skyline: rows.flatMap((row) => (row.height === null ? [] : [{ name: row.name, type: row.type, height: Number(row.height) }])),
    placed: rows.flatMap((row) =>
      row.latitude === null || row.longitude === null ? [] : [{ name: row.name, type: row.type, latitude: Number(row.latitude), longitude: Number(row.longitude) }],
    ),
  };
}

/** Light tints that read on the park header's dark teal, one per type. */
const COLOURS: Record<RideTypeName, string> = {
  roller_coaster: "#fcd34d",
  dark_ride: "#c4b5fd",
  water_ride: "#7dd3fc",
  flat_ride: "#fda4af",
  show: "#f9a8d4",
  kids_ride: "#bef264",
  virtual_reality: "#a5b4fc",
  interactive_ride: "#fdba74",
  transport: "#e7e5e4",
  walk_through: "#99f6e4",
};

function shapePath(shape: SkylineShape): string {
  const left = svgNumber(shape.x);
  const right = svgNumber(shape.x + shape.width);
  const middle = svgNumber(shape.x + shape.width / 2);
  const top = svgNumber(shape.top);
  const ground = SKYLINE_HEIGHT;
  if (shape.kind === "peak") return `M${left} ${ground}L${middle} ${top}L${right} ${ground}Z`;
  if (shape.kind === "dome") {
    // A rounded roof, no taller than the ride: the arc's radius is half the width, or the whole height if less.
    const radius = Math.min(shape.width / 2, ground - shape.top);
    const shoulder = svgNumber(shape.top + radius);
    return `M${left} ${ground}V${shoulder}Q${left} ${top} ${middle} ${top}Q${right} ${top} ${right} ${shoulder}V${ground}Z`;
  }
  return `M${left} ${ground}V${top}H${right}V${ground}Z`;
}

/**
 * The skyline as a file of its own: no text (the page's alternative text says what it shows), no script, nothing
 * loaded. Its ETag is a hash of the drawing, so it changes exactly when a height, a type or a name order does.
 */
export function skylineFile(rides: SkylineRide[]): SvgFile {
  const paths = skylineShapes(rides)
    .map((shape) => `<path d="${shapePath(shape)}" fill="${COLOURS[shape.type]}"/>`)
    .join("");
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SKYLINE_WIDTH} ${SKYLINE_HEIGHT}" width="${SKYLINE_WIDTH}" height="${SKYLINE_HEIGHT}">` +
    `${paths}<path d="M0 ${SKYLINE_HEIGHT - 0.5}H${SKYLINE_WIDTH}" stroke="#ffffff" stroke-opacity="0.6"/></svg>`;
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
}

type SkylineImage = { src: string; alt: string; width: number; height: number };

/** The park page's banner: the skyline's address, text alternative and size, or nothing for a park without heights. */
export function skylineImage(parkId: string, rides: SkylineRide[], t: TFunction, language: Language): SkylineImage | null {
  const tallest = tallestRide(rides);
  if (!tallest) return null;
  const height = t("attraction.units.metres", { value: formatNumber(tallest.height, language) });
  const alt = t("identity.skyline.alt", { count: rides.length, name: tallest.name, height });
  return { src: `/skylines/${parkId}.svg`, alt, width: SKYLINE_WIDTH, height: SKYLINE_HEIGHT };
}
