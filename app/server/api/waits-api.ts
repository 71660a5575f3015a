import type * as z from "zod";
import { sql } from "drizzle-orm";
import { TYPICAL_WAIT_MIN_REPORTS } from "~/domain/typical-waits";
import { WAIT_SECONDS_PER_RIDE } from "~/domain/visit-plan";
import { queryRows, type Executor } from "../db/database";
import { publicRide } from "../catalog/visibility";
import { readWaitProfiles } from "../waits/typical-waits";
import type { rideWaits } from "./api-schemas";
import type { ApiUrls } from "./api-urls";

/** A ride's typical waits (docs/rules/waits.md#typical-waits, decision 0082); null when no public ride has this id. */
export async function rideWaitsApi(db: Executor, rideId: string, urls: ApiUrls): Promise<z.input<typeof rideWaits> | null> {
  const [ride] = await queryRows<{ id: string }>(
    db,
    sql`SELECT attractions.id FROM attractions JOIN parks ON parks.id = attractions.park_id WHERE attractions.id = ${rideId} AND ${publicRide()}`,
  );
  if (!ride) return null;
  const profile = (await readWaitProfiles(db, [rideId])).get(rideId) ?? [];
  return {
    data: {
      minimumReports: TYPICAL_WAIT_MIN_REPORTS,
      defaultMinutes: WAIT_SECONDS_PER_RIDE / 60,
      hours: profile.map(({ dayType, hour, minutes, reports }) => ({ dayType, hour, minutes, reports })),
    },
    links: { self: urls.api(`/rides/${rideId}/waits`), ride: urls.api(`/rides/${rideId}`) },
  };
}
