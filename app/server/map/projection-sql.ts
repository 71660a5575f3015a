import { sql, type SQL } from "drizzle-orm";
import type { GeoProjection } from "d3-geo";
import type { MapFrame } from "~/domain/map-view";

/**
 * A frame's projection (map-projection.ts) written as SQL, so that the database places the parks in the picture
 * and groups them into cells itself (decision 0059): the page then reads a row per cell, not a row per park.
 * These are d3-geo's forward projection of a point, `projection([longitude, latitude])`: the rotation, the raw
 * projection (Natural Earth 1 for the world, Lambert azimuthal equal-area for a box), then the scale and
 * translation that `fitExtent` chose (read from the d3 projection, so both sides use the same fit). Clipping
 * plays no part: a point's projection is never clipped, the query keeps the points inside the picture as
 * placing in memory did. A box's projection starts from the park's point on the unit sphere, stored with it
 * (parks.sphere_x, _y, _z): it is then arithmetic and one square root a park, where d3's steps as written
 * (sines and cosines, atan2, asin, then their cosines again) took most of the statement's time.
 */
export type ProjectionInSql = { x: SQL; y: SQL };

/** A number of ours (never a request's text) as a literal: the planner folds the constants. */
export const floatLiteral = (value: number): SQL => sql.raw(`(${String(value)})::float8`);

/** The columns a projection reads: the place in degrees, and the same place on the unit sphere. */
export type PlaceColumns = { latitude: SQL; longitude: SQL; sphereX: SQL; sphereY: SQL; sphereZ: SQL };

export function projectionInSql(frame: MapFrame, projection: GeoProjection, place: PlaceColumns): ProjectionInSql {
  const scale = projection.scale();
  const [translateX, translateY] = projection.translate();
  const [rotateLambda, rotatePhi] = projection.rotate();
  const [rawX, rawY] =
    frame.kind === "world"
      ? naturalEarth1(sql`radians(${place.longitude} + ${floatLiteral(rotateLambda)})`, sql`radians(${place.latitude})`)
      : azimuthalEqualArea(place, (rotateLambda * Math.PI) / 180, (rotatePhi * Math.PI) / 180);
  return {
    x: sql`(${floatLiteral(translateX)} + ${floatLiteral(scale)} * ${rawX})`,
    y: sql`(${floatLiteral(translateY)} - ${floatLiteral(scale)} * ${rawY})`,
  };
}

/**
 * d3's naturalEarth1Raw, a polynomial in the latitude, after the rotation's longitude brought back within ±π as
 * d3 does (forwardRotationLambda; the world view's rotation is none, and a longitude is within ±180°).
 */
function naturalEarth1(shifted: SQL, phi: SQL): [SQL, SQL] {
  const lambda = sql`(CASE WHEN abs(${shifted}) > pi() THEN ${shifted} - round(${shifted} / (2 * pi())) * 2 * pi() ELSE ${shifted} END)`;
  const phi2 = sql`(${phi} * ${phi})`;
  const phi4 = sql`(${phi2} * ${phi2})`;
  return [
    sql`(${lambda} * (0.8707 - 0.131979 * ${phi2} + ${phi4} * (-0.013791 + ${phi4} * (0.003971 * ${phi2} - 0.001529 * ${phi4}))))`,
    sql`(${phi} * (1.007226 + ${phi2} * (0.015085 + ${phi4} * (-0.044475 + 0.028874 * ${phi2} - 0.005916 * ${phi4}))))`,
  ];
}

/**
 * d3's rotation (the longitude by δλ, then the latitude by δφ, no roll) and azimuthalEqualAreaRaw, on the point
 * (x, y, z) of the unit sphere: turned by δλ about the axis of the poles, (x₁, y₁, z); then x′ = x₁ cos δφ −
 * z sin δφ and k = z cos δφ + x₁ sin δφ, so that d3's cos φ′ cos λ′ is x′, cos φ′ sin λ′ is y₁ and sin φ′ is
 * k, and the raw projection is √(2 / (1 + x′)) · (y₁, k). The same numbers as d3's up to rounding (a millionth
 * of a millionth of a unit). The antipode of the centre has no image (d3 gives it [2, 0]): NULLIF makes it
 * NULL, a point the picture never holds.
 */
function azimuthalEqualArea(place: PlaceColumns, deltaLambda: number, deltaPhi: number): [SQL, SQL] {
  const [cosLambda, sinLambda] = [floatLiteral(Math.cos(deltaLambda)), floatLiteral(Math.sin(deltaLambda))];
  const [cosPhi, sinPhi] = [floatLiteral(Math.cos(deltaPhi)), floatLiteral(Math.sin(deltaPhi))];
  const { sphereX: x, sphereY: y, sphereZ: z } = place;
  const x1 = sql`(${x} * ${cosLambda} - ${y} * ${sinLambda})`;
  const y1 = sql`(${x} * ${sinLambda} + ${y} * ${cosLambda})`;
  const factor = sql`sqrt(2 / nullif(1 + ${x1} * ${cosPhi} - ${z} * ${sinPhi}, 0))`;
  return [sql`(${factor} * ${y1})`, sql`(${factor} * (${z} * ${cosPhi} + ${x1} * ${sinPhi}))`];
}
