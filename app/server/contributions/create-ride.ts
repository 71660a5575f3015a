import { and, eq, sql } from "drizzle-orm";
import { checkRideForm, type RideField } from "~/domain/ride-form";
import { rideTypeId } from "~/domain/ride-types";
import { manufacturerIdOf } from "~/domain/manufacturer-list";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { rideTooFarFromPark } from "~/domain/location";
import { parkTakesNewRides } from "~/domain/moderation";
import type { Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rides, parks } from "../db/schema";
import { consumeWriteAllowance, WRITE_LIMITS } from "../allowances/write-limits";
import type { ContributionDeps, ContributionOutcome } from "./create-park";
import { keepImageIfSaved, storeContributedImage, type ContributedImage } from "./contribution-upload";
import { freeRideSlug, slugBase } from "../catalog/free-slugs";
import { initialModerationStatus, recordContribution } from "./record-contribution";
import { allowanceRefusal, allowanceSpent } from "./upload-allowance";

/**
 * The park page's add-attraction form (docs/rules/catalogue.md#adding-a-ride),
 * within the member's daily allowance ("attraction", write-limits.ts), looked
 * at first and counted in the transaction. The service decides itself which park takes a new ride (`parkTakesNewRides`:
 * an approved park, or a pending one for its author and the administrator;
 * never a rejected one), looked up before the image is processed and again,
 * locked, in the transaction, so that a park rejected meanwhile takes nothing.
 * An attraction whose name gives the same address in the same park already
 * exists: it is refused rather than renamed, so rides are not listed twice.
 * A position too far from the park's is refused with the park, read both times
 * (docs/rules/catalogue.md#ride-position).
 */
export async function createRide(
  { db, imageStorage, logger, limits = WRITE_LIMITS }: ContributionDeps,
  user: CurrentUser,
  park: { id: string },
  form: { fields: Record<string, string>; image: ContributedImage },
): Promise<ContributionOutcome<RideField>> {
  const spent = await allowanceRefusal(db, user.id, "attraction", limits);
  if (spent) return tooManyRides();
  const read = checkRideForm(form.fields, new Date().getFullYear());
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  const { type, videoId, manufacturer, ...draft } = read.data;
  const slug = slugBase(draft.name, "attraction");
  const closed = await parkRefusal(db, park.id, user, draft);
  if (closed) return closed;
  const [existing] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.parkId, park.id), eq(rides.slug, slug)))
    .limit(1);
  if (existing) return rideExists();

  const image = await storeContributedImage(imageStorage, "attraction_images", form.image);
  if (!image.ok) return { ok: false, reason: image.reason, errors: { image: [image.error] } };

  return keepImageIfSaved(image, async () => {
    try {
      return await transactionOrRefusal<Outcome, Outcome>(db, async (tx, refuse) => {
        // Locked until commit: the administrator's rejection of this park waits for this ride, or comes first and refuses it.
        const closedNow = await parkRefusal(tx, park.id, user, draft, { lock: true });
        if (closedNow) return refuse(closedNow);
        // Another ride's old address is taken too (decision 0038): the new ride is numbered away from it.
        const free = await freeRideSlug(tx, park.id, slug);
        if (free.liveAtBase) return refuse(rideExists());
        if (!(await consumeWriteAllowance(tx, user.id, "attraction", limits))) return refuse(tooManyRides());
        const moderationStatus = await initialModerationStatus(tx, user);
        const [ride] = await tx
          .insert(rides)
          .values({
            ...draft,
            parkId: park.id,
            slug: free.slug,
            typeId: rideTypeId(type),
            manufacturerId: manufacturer === null ? null : manufacturerIdOf(manufacturer),
            youtubeUrl: videoId,
            imageUrl: image.reference,
            createdBy: user.id,
            moderationStatus,
          })
          .returning({ id: rides.id, slug: rides.slug });
        // The park's count of approved, operating attractions is a maintained aggregate.
        if (moderationStatus === "approved") {
          await tx.update(parks).set({ attractionsCount: sql`${parks.attractionsCount} + 1` }).where(eq(parks.id, park.id));
        }
        await recordContribution(tx, user, { type: "attraction", id: ride!.id, name: draft.name }, moderationStatus);
        return { ok: true as const, id: ride!.id, slug: ride!.slug, moderationStatus };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return rideExists();
      logger.error({ err: error }, "attraction creation failed");
      return { ok: false, reason: "failed", errors: { form: [{ key: "contribute.errors.attractionCreationFailed" }] } };
    }
  });
}

type Outcome = ContributionOutcome<RideField>;

/** Why this park takes no new ride from this member, or not at this position; null when it does. */
async function parkRefusal(
  executor: Executor,
  parkId: string,
  user: CurrentUser,
  position: { latitude: number | null; longitude: number | null },
  { lock = false } = {},
): Promise<Outcome | null> {
  if (!isUuid(parkId)) return parkNotFound();
  const query = executor
    .select({ moderationStatus: parks.moderationStatus, createdBy: parks.createdBy, latitude: parks.latitude, longitude: parks.longitude })
    .from(parks)
    .where(eq(parks.id, parkId));
  const [park] = lock ? await query.for("share") : await query;
  if (!park) return parkNotFound();
  const verdict = parkTakesNewRides(park, user);
  if (verdict === "notFound") return parkNotFound();
  if (verdict === "rejected") return { ok: false, reason: "forbidden", errors: { form: [{ key: "contribute.errors.parkRejected" }] } };
  const tooFar = rideTooFarFromPark(position, park);
  return tooFar ? { ok: false, reason: "invalid", errors: { latitude: [tooFar] } } : null;
}

function parkNotFound(): Outcome {
  return { ok: false, reason: "notFound", errors: { form: [{ key: "park.notFound" }] } };
}

function tooManyRides(): Outcome {
  const { reason, error } = allowanceSpent("attraction");
  return { ok: false, reason, errors: { form: [error] } };
}

function rideExists(): Outcome {
  return { ok: false, reason: "conflict", errors: { name: [{ key: "contribute.errors.attractionExists" }] } };
}
