import { sql, type SQL } from "drizzle-orm";
import { COMPARED_FIGURES, type ComparedFigure, type FigureStanding } from "~/domain/figure-standing";
import { queryRows, type Executor } from "../db/database";

const COLUMNS: Record<ComparedFigure, SQL> = {
  height: sql.raw("a.height"),
  maxSpeed: sql.raw("a.max_speed"),
  trackLength: sql.raw("a.track_length"),
  inversions: sql.raw("a.inversions"),
  duration: sql.raw("a.duration"),
};

export type ComparedRide = { id: string; parkId: string; typeId: number } & Record<ComparedFigure, number | null>;

/**
 * Where each figure the ride has stands among the published, operating rides of its type (published parks) and of
 * its park: one statement, four filtered counts per figure, over the rows the (type, moderation, status) and
 * (park, moderation, status) indexes find. Figures the ride lacks are not asked for.
 */
export async function readFigureStandings(db: Executor, ride: ComparedRide): Promise<FigureStanding[]> {
  const figures = COMPARED_FIGURES.filter((figure) => ride[figure] !== null);
  if (figures.length === 0) return [];
  const counts = figures.map((figure, index) => {
    const column = COLUMNS[figure];
    const value = ride[figure];
    const sameType = sql`a.type_id = ${ride.typeId} AND p.moderation_status = 'approved'`;
    const samePark = sql`a.park_id = ${ride.parkId}`;
    return sql`count(*) FILTER (WHERE ${sameType} AND ${column} IS NOT NULL)::int AS ${sql.raw(`site_total_${index}`)},
      count(*) FILTER (WHERE ${sameType} AND ${column} < ${value})::int AS ${sql.raw(`site_below_${index}`)},
      count(*) FILTER (WHERE ${samePark} AND ${column} IS NOT NULL)::int AS ${sql.raw(`park_total_${index}`)},
      count(*) FILTER (WHERE ${samePark} AND ${column} > ${value})::int AS ${sql.raw(`park_above_${index}`)}`;
  });
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT ${sql.join(counts, sql`, `)}
      FROM attractions a
      JOIN parks p ON p.id = a.park_id
      WHERE a.id <> ${ride.id} AND a.moderation_status = 'approved' AND a.status = 'operating'
        AND (a.type_id = ${ride.typeId} OR a.park_id = ${ride.parkId})`,
  );
  return figures.map((figure, index) => ({
    figure,
    siteTotal: Number(row?.[`site_total_${index}`] ?? 0),
    siteBelow: Number(row?.[`site_below_${index}`] ?? 0),
    parkTotal: Number(row?.[`park_total_${index}`] ?? 0),
    parkAbove: Number(row?.[`park_above_${index}`] ?? 0),
  }));
}
