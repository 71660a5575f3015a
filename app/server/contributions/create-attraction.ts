import { and, eq, sql } from "drizzle-orm";
import { checkAttractionForm, type AttractionField } from "~/domain/attraction-form";
import { attractionTypeId } from "~/domain/attraction-types";
import type { CurrentUser } from "~/domain/current-user";
import { isUniqueViolation } from "../db/errors";
import { attractions, parks } from "../db/schema";
import type { ContributionDeps, ContributionOutcome } from "./create-park";
import { storeContributedImage, type ContributedImage } from "./contribution-upload";
import { slugBase } from "./free-slug";
import { initialModerationStatus, recordContribution } from "./record-contribution";

/**
 * The park page's add-attraction form (public site §5, community §5). The
 * park is one the member can see: an approved park, or their own pending one.
 * An attraction whose name gives the same address in the same park already
 * exists: it is refused rather than renamed, so rides are not listed twice.
 */
export async function createAttraction(
  { db, imageStorage, logger }: ContributionDeps,
  user: CurrentUser,
  park: { id: string },
  form: { fields: Record<string, string>; image: ContributedImage },
): Promise<ContributionOutcome<AttractionField>> {
  const read = checkAttractionForm(form.fields, new Date().getFullYear());
  if (!read.ok) return { ok: false, status: 400, errors: read.errors };
  const { type, videoId, ...draft } = read.data;
  const slug = slugBase(draft.name, "attraction");
  const [existing] = await db
    .select({ id: attractions.id })
    .from(attractions)
    .where(and(eq(attractions.parkId, park.id), eq(attractions.slug, slug)))
    .limit(1);
  if (existing) return attractionExists();

  const image = await storeContributedImage(imageStorage, "attraction_images", form.image);
  if (!image.ok) return { ok: false, status: image.status, errors: { image: [image.error] } };

  const moderationStatus = initialModerationStatus(user);
  try {
    return await db.transaction(async (tx) => {
      const [attraction] = await tx
        .insert(attractions)
        .values({
          ...draft,
          parkId: park.id,
          slug,
          typeId: attractionTypeId(type),
          youtubeUrl: videoId,
          imageUrl: image.reference,
          createdBy: user.id,
          moderationStatus,
        })
        .returning({ id: attractions.id, slug: attractions.slug });
      // The park's count of approved, operating attractions is a maintained aggregate.
      if (moderationStatus === "approved") {
        await tx.update(parks).set({ attractionsCount: sql`${parks.attractionsCount} + 1` }).where(eq(parks.id, park.id));
      }
      await recordContribution(tx, user, { type: "attraction", id: attraction!.id }, moderationStatus);
      return { ok: true as const, id: attraction!.id, slug: attraction!.slug, moderationStatus };
    });
  } catch (error) {
    await image.discard();
    if (isUniqueViolation(error)) return attractionExists();
    logger.error({ err: error }, "attraction creation failed");
    return { ok: false, status: 500, errors: { form: [{ key: "contribute.errors.attractionCreationFailed" }] } };
  }
}

function attractionExists(): ContributionOutcome<AttractionField> {
  return { ok: false, status: 409, errors: { name: [{ key: "contribute.errors.attractionExists" }] } };
}
