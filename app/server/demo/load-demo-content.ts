import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { rideTypeId, type RideTypeName } from "~/domain/ride-types";
import { planDuels, type DuelOutcome } from "~/domain/duel-order";
import type { Language } from "~/domain/languages";
import { uniqueSlug } from "~/domain/slug";
import { queryRows, type Database, type Executor } from "../db/database";
import * as schema from "../db/schema";
import { recomputeAllAggregates } from "../ratings/recompute-aggregates";
import { readDemoParks, readReviewComments, type DemoRide, type DemoPark } from "./demo-data";
import { DEMO_PASSWORD, demoUsers, type DemoUser } from "./demo-users";
import { createRandom, type Random } from "~/domain/seeded-random";
import { rideTextFits, createTextPicker, parkTextFits } from "./review-texts";
import { demoRideDuration } from "./ride-duration";
import { demoRidePositions, type DemoPosition } from "./ride-positions";
import {
  TASTE_GROUP,
  TASTE_GROUP_COVERAGE,
  TASTE_GROUP_MEMBER,
  TASTE_GROUP_PARKS,
  TASTE_GROUP_SEED,
  TASTE_GROUP_TARGETS,
  tasteGroupRating,
} from "./taste-group";
import { findSuggestionTarget } from "../suggestions/suggestion-targets";
import { retallyRides } from "../ride-log/ride-tallies";

type AudienceType = "thrill" | "kids" | "general";
const SEED = 20261122;
const DAY = 24 * 3600 * 1000;

/** Loads the demo content when the database holds no park and no member yet. */
export async function loadDemoContentIfEmpty(db: Database, logger: Logger, adminEmail: string): Promise<void> {
  const [row] = await queryRows<{ parks: number; profiles: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM parks)::int AS parks, (SELECT count(*) FROM profiles)::int AS profiles`,
  );
  if (row && (row.parks > 0 || row.profiles > 0)) return;
  const started = performance.now();
  const summary = await loadDemoContent(db, adminEmail);
  logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo content loaded");
}

/** Writes the whole demo content in one transaction: all of it or nothing. */
export async function loadDemoContent(db: Database, adminEmail: string) {
  const random = createRandom(SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const members = await insertMembers(tx, [{ username: "Admin", email: adminEmail, language: "fr", parksToRate: 0, role: "admin" }, ...demoUsers()], passwordHash, random);
    const contributors = members.slice(1, 6);
    const catalogue = await insertCatalogue(tx, contributors, random);
    const ratings = await insertRatings(tx, members.slice(1), catalogue, random);
    const votes = await insertVotes(tx, members.slice(1), ratings, random);
    const duels = await insertDuelsAndRankings(tx, ratings.attraction, random);
    const suggestions = await insertSuggestions(tx, members, catalogue);
    const rideLogEntries = await insertRideLogs(tx, members.slice(1), ratings.attraction, random);
    // Last, from its own random stream: the content above stays the same with or without it.
    const tasteGroup = await insertTasteGroup(tx, passwordHash, catalogue, createRandom(TASTE_GROUP_SEED));
    await recomputeAllAggregates(tx);
    return {
      members: members.length + tasteGroup.members,
      parks: catalogue.length,
      attractions: catalogue.reduce((sum, park) => sum + park.attractions.length, 0),
      parkRatings: ratings.park.length,
      rideRatings: ratings.attraction.length + tasteGroup.rideRatings,
      votes,
      duels: duels + tasteGroup.duels,
      suggestions,
      rideLogEntries,
    };
  });
}

type Member = { id: string; language: Language; parksToRate: number };

async function insertMembers(
  tx: Executor,
  users: Array<DemoUser & { role?: string }>,
  passwordHash: string,
  random: Random,
): Promise<Member[]> {
  const people = users.map((user) => ({ ...user, role: user.role ?? "user" }));
  const now = Date.now();
  const members = people.map((person) => ({
    ...person,
    id: crypto.randomUUID(),
    createdAt: new Date(now - random.int(200, 700) * DAY),
  }));
  await tx.insert(schema.users).values(
    members.map((member) => ({
      id: member.id,
      name: member.username,
      email: member.email,
      // Seeded by the operator, the administrator included: their addresses count as confirmed (decision 0025).
      emailVerified: true,
      role: member.role,
      createdAt: member.createdAt,
      updatedAt: member.createdAt,
    })),
  );
  await tx.insert(schema.accounts).values(
    members.map((member) => ({
      id: crypto.randomUUID(),
      accountId: member.id,
      providerId: "credential",
      userId: member.id,
      password: passwordHash,
      createdAt: member.createdAt,
      updatedAt: member.createdAt,
    })),
  );
  // Each account's profile comes with it (trigger of migration 0003), named after `name`.
  for (const member of members) {
    if (!("suspensionReason" in member) || !member.suspensionReason) continue;
    await tx
      .update(schema.profiles)
      .set({ isSuspended: true, suspensionReason: member.suspensionReason })
      .where(eq(schema.profiles.id, member.id));
  }
  return members;
}

type CatalogueRide = {
  id: string;
  type: RideTypeName;
  status: "operating" | "removed";
  quality: number;
  data: DemoRide;
};
type CataloguePark = {
  id: string;
  data: DemoPark;
  popularity: number;
  profile: Record<"kids" | "family" | "thrill" | "theming" | "operations" | "value", number>;
  attractions: CatalogueRide[];
};

async function insertCatalogue(tx: Executor, contributors: Member[], random: Random): Promise<CataloguePark[]> {
  const demoParks = readDemoParks();
  const manufacturerIds = await readManufacturerIds(tx);
  const takenSlugs = new Set<string>();
  const catalogue: CataloguePark[] = [];
  for (const [index, park] of demoParks.entries()) {
    const parkId = crypto.randomUUID();
    const creator = contributors[index % contributors.length];
    const slug = uniqueSlug(park.name, (candidate) => takenSlugs.has(candidate), "parc");
    takenSlugs.add(slug);
    const createdAt = new Date(Date.now() - random.int(300, 720) * DAY);
    await tx.insert(schema.parks).values({
      id: parkId,
      name: park.name,
      slug,
      region: park.region,
      country: park.country,
      latitude: park.latitude,
      longitude: park.longitude,
      description: park.description_fr,
      descriptionFr: park.description_fr,
      descriptionEn: park.description_en,
      openingYear: park.opening_year,
      adultPrice: park.adult_price,
      childPrice: park.child_price,
      openingHours: park.opening_hours,
      createdBy: creator?.id ?? null,
      moderationStatus: "approved",
      createdAt,
      updatedAt: createdAt,
    });
    const rideSlugs = new Set<string>();
    const rides = park.attractions.map((ride) => {
      const rideSlug = uniqueSlug(ride.name, (candidate) => rideSlugs.has(candidate), "attraction");
      rideSlugs.add(rideSlug);
      return { id: crypto.randomUUID(), slug: rideSlug, data: ride };
    });
    const positions = demoRidePositions(park);
    await tx.insert(schema.rides).values(
      rides.map(({ id, slug: rideSlug, data }, rideIndex) => rideRow(id, parkId, rideSlug, data, positions[rideIndex]!, creator, createdAt, manufacturerIds)),
    );
    if (creator) {
      await tx.insert(schema.contentModifications).values([
        { userId: creator.id, targetType: "park", targetId: parkId, action: "create", status: "approved", createdAt },
        ...rides.map(({ id }) => ({
          userId: creator.id,
          targetType: "attraction" as const,
          targetId: id,
          action: "create" as const,
          status: "approved" as const,
          createdAt,
        })),
      ]);
    }
    const count = (type: RideTypeName) => park.attractions.filter((a) => a.type === type).length;
    catalogue.push({
      id: parkId,
      data: park,
      // Earlier parks in the data are the famous ones: they get most visitors.
      popularity: 1 / Math.pow(index + 1, 0.6),
      profile: {
        kids: 3 + Math.min(1.5, count("kids_ride") / 3),
        family: 3.4 + random.next(),
        thrill: 2.3 + Math.min(2.4, count("roller_coaster") / 3),
        theming: 2.8 + random.next() * 2,
        operations: 2.6 + random.next() * 1.8,
        value: 2.5 + random.next() * 1.8,
      },
      attractions: rides.map(({ id, data }) => ({
        id,
        type: data.type,
        status: data.status,
        quality: 2.9 + random.next() * 1.9 + (data.type === "roller_coaster" ? 0.2 : 0),
        data,
      })),
    });
  }
  return catalogue;
}

function rideRow(
  id: string,
  parkId: string,
  slug: string,
  data: DemoRide,
  position: DemoPosition,
  creator: Member | undefined,
  createdAt: Date,
  manufacturerIds: ReadonlyMap<string, number>,
): typeof schema.rides.$inferInsert {
  return {
    ...position,
    id,
    parkId,
    name: data.name,
    slug,
    typeId: rideTypeId(data.type),
    description: data.description_fr,
    descriptionFr: data.description_fr,
    descriptionEn: data.description_en,
    duration: demoRideDuration(data),
    minHeightAlone: data.min_height_alone,
    minHeightForbidden: data.min_height_forbidden,
    height: data.height,
    maxSpeed: data.max_speed,
    inversions: data.inversions,
    trackLength: data.track_length,
    capacityPerHour: data.capacity_per_hour,
    openingYear: data.opening_year,
    manufacturerId: data.manufacturer ? manufacturerId(manufacturerIds, data.manufacturer) : null,
    model: data.model ?? null,
    status: data.status,
    moderationStatus: "approved",
    createdBy: creator?.id ?? null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** The reference list's ids by slug: the demo data names makers by slug. */
async function readManufacturerIds(tx: Executor): Promise<Map<string, number>> {
  const rows = await tx.select({ id: schema.manufacturers.id, slug: schema.manufacturers.slug }).from(schema.manufacturers);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** A slug missing from the reference list is a typo in the data: it fails loudly rather than dropping the maker. */
function manufacturerId(ids: ReadonlyMap<string, number>, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Demo data names an unknown manufacturer: ${slug}`);
  return id;
}

type RatingRef = { id: string; userId: string; hasComment: boolean };
type RideRatingRef = RatingRef & { attraction: CatalogueRide; rating: number; ratedAt: Date };

const star = (random: Random, base: number) => Math.max(1, Math.min(5, Math.round(base + (random.next() - 0.5) * 2)));

function pickParks(catalogue: CataloguePark[], count: number, random: Random): CataloguePark[] {
  // Weighted sampling without replacement: popular parks are rated more often.
  const pool = [...catalogue];
  const chosen: CataloguePark[] = [];
  while (chosen.length < count && pool.length > 0) {
    const total = pool.reduce((sum, park) => sum + park.popularity, 0);
    let target = random.next() * total;
    const index = pool.findIndex((park) => (target -= park.popularity) <= 0);
    chosen.push(...pool.splice(index === -1 ? pool.length - 1 : index, 1));
  }
  return chosen;
}

function audienceFor(type: RideTypeName, random: Random): AudienceType {
  if (random.chance(0.15)) return random.pick(["thrill", "kids", "general"] as const);
  if (type === "roller_coaster" || type === "virtual_reality") return "thrill";
  if (type === "kids_ride") return "kids";
  return "general";
}

async function insertRatings(tx: Executor, members: Member[], catalogue: CataloguePark[], random: Random) {
  const comments = readReviewComments();
  const parkRows: Array<typeof schema.parkRatings.$inferInsert> = [];
  const rideRows: Array<typeof schema.rideRatings.$inferInsert> = [];
  const park: RatingRef[] = [];
  const ride: RideRatingRef[] = [];
  // One picker per park and pool: no text twice among a park's reviews and its rides' reviews.
  const parkTexts = new Map(catalogue.map((park) => [park.id, createTextPicker(comments.park, random)]));
  const rideTexts = new Map(catalogue.map((park) => [park.id, createTextPicker(comments.attraction, random)]));
  for (const member of members) {
    for (const visited of pickParks(catalogue, member.parksToRate, random)) {
      const id = crypto.randomUUID();
      const comment = random.chance(0.65)
        ? (parkTexts.get(visited.id)!((text) => parkTextFits(text, visited.data))?.[member.language] ?? null)
        : null;
      const createdAt = new Date(Date.now() - random.int(1, 190) * DAY - random.int(0, DAY));
      const maybe = (base: number) => (random.chance(0.08) ? null : star(random, base));
      parkRows.push({
        id,
        parkId: visited.id,
        userId: member.id,
        kidsFriendlyRating: maybe(visited.profile.kids),
        familyFriendlyRating: maybe(visited.profile.family),
        thrillRating: star(random, visited.profile.thrill),
        themingRating: maybe(visited.profile.theming),
        operationsRating: maybe(visited.profile.operations),
        valueRating: maybe(visited.profile.value),
        visitDuration: random.pick(["half_day", "full_day", "full_day", "full_day", "two_days"] as const),
        comment,
        createdAt,
        updatedAt: createdAt,
      });
      park.push({ id, userId: member.id, hasComment: comment !== null });
      for (const visitedRide of visited.attractions) {
        if (!random.chance(visitedRide.status === "operating" ? 0.55 : 0.12)) continue;
        const ratingId = crypto.randomUUID();
        const rating = star(random, visitedRide.quality);
        const rideComment = random.chance(0.3)
          ? (rideTexts.get(visited.id)!((text) => rideTextFits(text, visitedRide.data))?.[member.language] ?? null)
          : null;
        rideRows.push({
          id: ratingId,
          rideId: visitedRide.id,
          userId: member.id,
          rating,
          audienceType: audienceFor(visitedRide.type, random),
          comment: rideComment,
          createdAt,
          updatedAt: createdAt,
        });
        ride.push({ id: ratingId, userId: member.id, hasComment: rideComment !== null, attraction: visitedRide, rating, ratedAt: createdAt });
      }
    }
  }
  await insertInChunks(parkRows, (chunk) => tx.insert(schema.parkRatings).values(chunk));
  await insertInChunks(rideRows, (chunk) => tx.insert(schema.rideRatings).values(chunk));
  return { park, attraction: ride };
}

async function insertVotes(
  tx: Executor,
  members: Member[],
  ratings: { park: RatingRef[]; attraction: RideRatingRef[] },
  random: Random,
): Promise<number> {
  const rows: Array<typeof schema.ratingVotes.$inferInsert> = [];
  const vote = (ratingType: "park" | "attraction", rating: RatingRef, probability: number) => {
    for (const voter of members) {
      // Nobody votes on their own review.
      if (voter.id === rating.userId || !random.chance(probability)) continue;
      rows.push({ ratingType, ratingId: rating.id, userId: voter.id, isHelpful: random.chance(0.8) });
    }
  };
  for (const rating of ratings.park) if (rating.hasComment) vote("park", rating, 0.12);
  for (const rating of ratings.attraction) if (rating.hasComment) vote("attraction", rating, 0.04);
  await insertInChunks(rows, (chunk) => tx.insert(schema.ratingVotes).values(chunk));
  return rows.length;
}

/**
 * Duels between attractions each member rated 4 or more (docs/rules/duels-and-rankings.md#eligibility),
 * asked as the duels page asks them (decision 0021): each member answers by
 * a taste of their own (their rating plus a personal leaning), most finish
 * some types, others stop partway; their stored order is the planner's.
 */
async function insertDuelsAndRankings(
  tx: Executor,
  ratings: RideRatingRef[],
  random: Random,
): Promise<number> {
  const eligible = new Map<string, RideRatingRef[]>();
  for (const rating of ratings) {
    if (rating.rating < 4 || rating.attraction.status !== "operating") continue;
    const key = `${rating.userId}|${rating.attraction.type}`;
    eligible.set(key, [...(eligible.get(key) ?? []), rating]);
  }
  const duelRows: Array<typeof schema.rideDuels.$inferInsert> = [];
  const rankingRows: Array<typeof schema.rideRankings.$inferInsert> = [];
  for (const [key, rated] of eligible) {
    if (rated.length < 2) continue;
    const [userId = "", type] = key.split("|") as [string, RideTypeName];
    const typeId = rideTypeId(type);
    // Best-rated first, as the server places them (its ties go by name; any order gives a valid plan).
    const ratedRides = [...rated].sort((a, b) => b.rating - a.rating || (a.attraction.id < b.attraction.id ? -1 : 1));
    const taste = new Map(ratedRides.map((visitedRide) => [visitedRide.attraction.id, visitedRide.rating + random.next()]));
    const duels: DuelOutcome[] = [];
    const stopAfter = random.chance(0.7) ? Number.POSITIVE_INFINITY : random.int(1, 4);
    let plan = planDuels({ order: [], eligible: ratedRides.map((visitedRide) => visitedRide.attraction.id), duels });
    while (plan.next && duels.length < stopAfter) {
      const { challengerId, opponentId } = plan.next;
      const challengerWins = taste.get(challengerId)! >= taste.get(opponentId)!;
      duels.push(challengerWins ? { winnerId: challengerId, loserId: opponentId } : { winnerId: opponentId, loserId: challengerId });
      plan = planDuels({ order: plan.order, eligible: ratedRides.map((visitedRide) => visitedRide.attraction.id), duels });
    }
    for (const duel of duels) duelRows.push({ userId, typeId, ...duel });
    plan.order.forEach((rideId, index) =>
      rankingRows.push({
        userId,
        typeId,
        rideId,
        rank: index + 1,
        wins: duels.filter((duel) => duel.winnerId === rideId).length,
        losses: duels.filter((duel) => duel.loserId === rideId).length,
      }),
    );
  }
  await insertInChunks(duelRows, (chunk) => tx.insert(schema.rideDuels).values(chunk));
  await insertInChunks(rankingRows, (chunk) => tx.insert(schema.rideRankings).values(chunk));
  return duelRows.length;
}

/**
 * A few edit suggestions, so that the administrator's "Suggestions" screen and
 * the members' "Mes suggestions" show something: two pending (a park's opening
 * hours, a ride's capacity), one approved and one rejected with its reason.
 * Their original values are the targets' own, read back as the suggestion
 * service would.
 */
async function insertSuggestions(tx: Executor, members: Member[], catalogue: CataloguePark[]): Promise<number> {
  const [admin, marie, tom, lea] = members;
  const [firstPark, secondPark, thirdPark] = catalogue;
  if (!admin || !marie || !tom || !lea || !firstPark || !secondPark || !thirdPark) return 0;
  const hoursPark = await findSuggestionTarget(tx, "park", firstPark.id);
  const pricePark = await findSuggestionTarget(tx, "park", secondPark.id);
  const visitedRide = secondPark.attractions.find((ride) => ride.status === "operating");
  const rideTarget = visitedRide ? await findSuggestionTarget(tx, "attraction", visitedRide.id) : null;
  const correctedPark = await findSuggestionTarget(tx, "park", thirdPark.id);
  const correctedYear = correctedPark?.values.openingYear;
  if (!hoursPark || !pricePark || !rideTarget || !correctedPark || !correctedYear) return 0;
  const day = (days: number) => new Date(Date.now() - days * DAY);
  await tx.insert(schema.parkSuggestions).values([
    {
      parkId: hoursPark.id,
      suggestedBy: marie.id,
      suggestedChanges: { openingHours: "9h30 - 19h (été)" },
      originalValues: { openingHours: hoursPark.values.openingHours },
      reason: "Horaires d'été affichés à l'entrée du parc",
      createdAt: day(2),
    },
    {
      parkId: pricePark.id,
      suggestedBy: lea.id,
      suggestedChanges: { childPrice: 1 },
      originalValues: { childPrice: pricePark.values.childPrice },
      reason: "Mon fils est entré pour 1 €",
      status: "rejected",
      moderatedBy: admin.id,
      moderatedAt: day(5),
      moderationReason: "Tarif promotionnel ponctuel, pas le prix public",
      createdAt: day(6),
    },
    {
      // Already applied: the park's year is the one Tom proposed, the year before it the one he corrected.
      parkId: correctedPark.id,
      suggestedBy: tom.id,
      suggestedChanges: { openingYear: correctedYear },
      originalValues: { openingYear: correctedYear + 1 },
      reason: "Opening year from the park's own history page",
      status: "approved",
      moderatedBy: admin.id,
      moderatedAt: day(20),
      createdAt: day(21),
    },
  ]);
  await tx.insert(schema.contentModifications).values({ userId: tom.id, targetType: "park", targetId: correctedPark.id, action: "update", status: "approved", createdAt: day(20) });
  const capacity = rideTarget.values.capacityPerHour;
  await tx.insert(schema.rideSuggestions).values({
    rideId: rideTarget.id,
    suggestedBy: tom.id,
    suggestedChanges: { capacityPerHour: capacity ? capacity + 200 : 1200 },
    originalValues: { capacityPerHour: capacity },
    reason: "The new trains seat more riders since this season",
    createdAt: day(1),
  });
  return 4;
}

/**
 * Ride logs (docs/rules/ride-log.md), so that 'Meilleurs riders' on the rankings page has rows: each ride a member
 * rated, ridden on the day they rated it, one to three times. Marie shows her whole log and Tom his credits; Léa and
 * the suspended Sam keep theirs private (the default); the others choose at random, a few counting coasters only.
 * The tallies are counted by the log's own service, and the credits follow by trigger.
 */
async function insertRideLogs(tx: Executor, members: Member[], ratings: RideRatingRef[], random: Random): Promise<number> {
  const [marie, tom] = members;
  // After Marie, Tom, Léa and Sam (demo-users.ts), the others.
  for (const member of members.slice(4)) {
    const visibility = random.pick(["private", "credits", "log"] as const);
    if (visibility === "private") continue;
    await tx.update(schema.profiles).set({ rideLogVisibility: visibility, creditsCoastersOnly: random.chance(0.2) }).where(eq(schema.profiles.id, member.id));
  }
  for (const [member, visibility] of [[marie, "log"], [tom, "credits"]] as const) {
    if (member) await tx.update(schema.profiles).set({ rideLogVisibility: visibility }).where(eq(schema.profiles.id, member.id));
  }
  const entries = ratings.map((rating) => ({
    id: crypto.randomUUID(),
    userId: rating.userId,
    rideId: rating.attraction.id,
    riddenOn: rating.ratedAt.toISOString().slice(0, 10),
    times: random.chance(0.7) ? 1 : random.int(2, 3),
    createdAt: rating.ratedAt,
    updatedAt: rating.ratedAt,
  }));
  await insertInChunks(entries, (chunk) => tx.insert(schema.rideLogEntries).values(chunk));
  const ridden = new Map<string, string[]>();
  for (const entry of entries) {
    if (!ridden.has(entry.userId)) ridden.set(entry.userId, []);
    ridden.get(entry.userId)!.push(entry.rideId);
  }
  for (const [userId, rideIds] of ridden) await retallyRides(tx, userId, rideIds);
  return entries.length;
}

/**
 * The planted taste group (taste-group.ts): ride ratings in the group's parks, by the group's taste, and the
 * duels the duels page would have asked of them. No park rating, review text, vote or ride log: their
 * profiles show their ratings and rankings, and every profile is public (docs/rules/profiles.md#profile-page).
 */
async function insertTasteGroup(tx: Executor, passwordHash: string, catalogue: CataloguePark[], random: Random) {
  const members = await insertMembers(tx, TASTE_GROUP, passwordHash, random);
  const parks = TASTE_GROUP_PARKS.map((name) => catalogue.find((park) => park.data.name === name));
  const rides = parks.flatMap((park) => park?.attractions.filter((ride) => ride.status === "operating").map((ride) => ({ park: park.data.name, ride })) ?? []);
  const isTarget = (park: string, ride: CatalogueRide) => TASTE_GROUP_TARGETS.some(([targetPark, name]) => targetPark === park && name === ride.data.name);
  const rows: Array<typeof schema.rideRatings.$inferInsert> = [];
  const ratings: RideRatingRef[] = [];
  for (const [index, member] of members.entries()) {
    const isFelix = TASTE_GROUP[index] === TASTE_GROUP_MEMBER;
    const ratedAt = new Date(Date.now() - random.int(5, 120) * DAY - random.int(0, DAY));
    for (const { park, ride } of rides) {
      const target = isTarget(park, ride);
      if (isFelix ? target : !target && !random.chance(TASTE_GROUP_COVERAGE)) continue;
      const rating = target ? 5 : tasteGroupRating(ride.type, ride.data.height, random);
      const id = crypto.randomUUID();
      rows.push({
        id,
        rideId: ride.id,
        userId: member.id,
        rating,
        audienceType: audienceFor(ride.type, random),
        comment: null,
        createdAt: ratedAt,
        updatedAt: ratedAt,
      });
      ratings.push({ id, userId: member.id, hasComment: false, attraction: ride, rating, ratedAt });
    }
  }
  await insertInChunks(rows, (chunk) => tx.insert(schema.rideRatings).values(chunk));
  const duels = await insertDuelsAndRankings(tx, ratings, random);
  return { members: members.length, rideRatings: rows.length, duels };
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}
