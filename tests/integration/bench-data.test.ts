import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/database";
import { recomputeAggregates } from "~/server/ratings/recompute-aggregates";
import { benchTargets, generateBenchData, type GenerationSummary } from "../../scripts/bench/generate";
import { SCALES } from "../../scripts/bench/scales";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** The benchmark's data generator (docs/benchmarks.md) at its tiny scale: counts, constraints, aggregates, determinism. */
describe("synthetic benchmark data", () => {
  let database: TestDatabase;
  let summary: GenerationSummary;
  const scale = SCALES.tiny;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await generateBenchData(database, scale);
  });
  afterAll(async () => {
    await database?.close();
  });

  const count = async (table: string) =>
    (await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)))[0]!.n;

  it("writes the scale's rows, with a profile and statistics row for every member", async () => {
    expect(summary).toMatchObject({
      parks: scale.parks, attractions: scale.attractions, users: scale.users, parkRatings: scale.parkRatings, votes: scale.votes,
      duels: scale.duels, contributions: scale.contributions, suggestions: scale.suggestions,
    });
    // Ride ratings follow each visit's rides: close to the target, never above it.
    expect(summary.rideRatings).toBeLessThanOrEqual(scale.rideRatings);
    expect(summary.rideRatings).toBeGreaterThan(scale.rideRatings * 0.9);
    expect(await count("parks")).toBe(scale.parks);
    expect(await count("attractions")).toBe(scale.attractions);
    expect(await count("user")).toBe(scale.users);
    expect(await count("profiles")).toBe(scale.users);
    expect(await count("user_rating_stats")).toBe(scale.users);
    expect(await count("park_ratings")).toBe(summary.parkRatings);
    expect(await count("attraction_ratings")).toBe(summary.rideRatings);
    expect(await count("rating_votes")).toBe(summary.votes);
    expect(await count("attraction_duels")).toBe(summary.duels);
    // Approved suggestions add their author's approved edit to the direct contributions.
    expect(await count("content_modifications")).toBeGreaterThanOrEqual(scale.contributions);
    expect((await count("park_suggestions")) + (await count("attraction_suggestions"))).toBe(scale.suggestions);
  });

  it("keeps the rules no constraint states: no vote on one's own review, duels within one type", async () => {
    const [row] = await queryRows<{ self_votes: number; dangling: number; mixed_duels: number }>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM rating_votes v
          LEFT JOIN park_ratings p ON v.rating_type = 'park' AND p.id = v.rating_id
          LEFT JOIN attraction_ratings a ON v.rating_type = 'attraction' AND a.id = v.rating_id
          WHERE v.user_id = coalesce(p.user_id, a.user_id))::int AS self_votes,
        (SELECT count(*) FROM rating_votes v
          WHERE NOT EXISTS (SELECT 1 FROM park_ratings p WHERE v.rating_type = 'park' AND p.id = v.rating_id)
            AND NOT EXISTS (SELECT 1 FROM attraction_ratings a WHERE v.rating_type = 'attraction' AND a.id = v.rating_id))::int AS dangling,
        (SELECT count(*) FROM attraction_duels d
          JOIN attractions w ON w.id = d.winner_id JOIN attractions l ON l.id = d.loser_id
          WHERE w.type_id <> d.type_id OR l.type_id <> d.type_id)::int AS mixed_duels`,
    );
    expect(row).toEqual({ self_votes: 0, dangling: 0, mixed_duels: 0 });
  });

  it("gives the members ride logs at the scale of their ratings: tallies their entries' sums, credits as ride_log_credits counts them", async () => {
    expect(await count("ride_log_entries")).toBe(summary.rideLogEntries);
    expect(await count("ride_log_tallies")).toBe(summary.rideLogTallies);
    expect(await count("ride_wishes")).toBe(summary.rideWishes);
    // Every ride rating's author logged that ride, some of them twice.
    expect(summary.rideLogTallies).toBe(summary.rideRatings);
    expect(summary.rideLogEntries).toBeGreaterThan(summary.rideRatings * 1.1);
    expect(summary.rideLogEntries).toBeLessThan(summary.rideRatings * 1.5);
    expect(summary.rideWishes).toBeGreaterThan(0);
    const [row] = await queryRows<{ unlogged: number; miscounted: number; wrong_credits: number; wished_ridden: number; top_riders: number; undated: number; repeated: number }>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM attraction_ratings r
          WHERE NOT EXISTS (SELECT 1 FROM ride_log_tallies t WHERE t.user_id = r.user_id AND t.attraction_id = r.attraction_id))::int AS unlogged,
        (SELECT count(*) FROM ride_log_tallies t
          FULL JOIN (SELECT user_id, attraction_id, sum(times)::int AS times, count(*)::int AS entries, min(ridden_on) AS first_on, max(ridden_on) AS last_on
            FROM ride_log_entries GROUP BY user_id, attraction_id) e USING (user_id, attraction_id)
          WHERE (t.times, t.entries, t.first_on, t.last_on) IS DISTINCT FROM (e.times, e.entries, e.first_on, e.last_on))::int AS miscounted,
        (SELECT count(*) FROM profiles p
          WHERE p.ride_credits <> ride_log_credits(p.id, p.credits_coasters_only, p.credits_count_removed))::int AS wrong_credits,
        (SELECT count(*) FROM ride_wishes w
          JOIN ride_log_tallies t ON t.user_id = w.user_id AND t.attraction_id = w.attraction_id)::int AS wished_ridden,
        (SELECT count(*) FROM profiles WHERE ride_log_visibility <> 'private' AND ride_credits > 0)::int AS top_riders,
        (SELECT count(*) FROM ride_log_entries WHERE ridden_on IS NULL)::int AS undated,
        (SELECT count(*) FROM ride_log_entries WHERE times > 1)::int AS repeated`,
    );
    expect(row).toMatchObject({ unlogged: 0, miscounted: 0, wrong_credits: 0, wished_ridden: 0 });
    expect(row!.top_riders).toBeGreaterThan(0);
    expect(row!.undated).toBeGreaterThan(0);
    expect(row!.repeated).toBeGreaterThan(0);
  });

  it("skews ratings towards the popular parks and the heavy member", async () => {
    const targets = benchTargets(scale);
    // Parks are generated in popularity order (their ids too): the first half gets most ratings.
    const [split] = await queryRows<{ first: number; second: number }>(
      database.db,
      sql`SELECT
        sum(rating_count) FILTER (WHERE n <= ${scale.parks / 2})::int AS first,
        sum(rating_count) FILTER (WHERE n > ${scale.parks / 2})::int AS second
        FROM (SELECT rating_count, row_number() OVER (ORDER BY id) AS n FROM parks) p`,
    );
    expect(split!.first).toBeGreaterThan(split!.second);
    expect(await queryRows(database.db, sql`SELECT 1 FROM parks WHERE slug = ${targets.popularParkSlug}`)).toHaveLength(1);
    const [heavy] = await queryRows<{ total_park_ratings: number }>(
      database.db,
      sql`SELECT total_park_ratings FROM user_rating_stats ORDER BY total_park_ratings DESC, user_id LIMIT 1`,
    );
    const [own] = await queryRows<{ total_park_ratings: number }>(
      database.db,
      sql`SELECT total_park_ratings FROM user_rating_stats WHERE user_id = ${targets.heavyUserId}`,
    );
    expect(own!.total_park_ratings).toBe(heavy!.total_park_ratings);
  });

  it("leaves every maintained aggregate equal to its recomputation, the rankings' ones filled", async () => {
    await expectAggregatesAsRecomputed(database.db);
    const [filled] = await queryRows<{ dueled: number; contributors: number; suggesters: number; scored: number }>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM attractions WHERE duel_wins + duel_losses > 0)::int AS dueled,
        (SELECT count(*) FROM contributor_stats WHERE total_contributions > 0)::int AS contributors,
        (SELECT count(*) FROM contributor_stats WHERE suggestions_count > 0)::int AS suggesters,
        (SELECT count(*) FROM user_rating_stats WHERE park_score_sum > 0)::int AS scored`,
    );
    expect(filled!.dueled).toBeGreaterThan(0);
    expect(filled!.contributors).toBeGreaterThan(0);
    expect(filled!.suggesters).toBeGreaterThan(0);
    expect(filled!.scored).toBeGreaterThan(0);
  });

  it("gives the same rows on every run", async () => {
    const other = await createTestDatabase();
    try {
      await generateBenchData(other, scale);
      const fingerprint = (db: TestDatabase) =>
        queryRows(
          db.db,
          sql`SELECT
            (SELECT md5(string_agg(id::text || park_id::text || user_id || coalesce(thrill_rating, 0)::text, ',' ORDER BY id)) FROM park_ratings) AS parks,
            (SELECT md5(string_agg(id::text || attraction_id::text || rating::text, ',' ORDER BY id)) FROM attraction_ratings) AS rides,
            (SELECT md5(string_agg(rating_id::text || user_id, ',' ORDER BY id)) FROM rating_votes) AS votes,
            (SELECT md5(string_agg(user_id || target_id::text || action::text || status::text, ',' ORDER BY id)) FROM content_modifications) AS contributions,
            (SELECT md5(string_agg(id::text || attraction_id::text || coalesce(ridden_on::text, '-') || times::text, ',' ORDER BY id)) FROM ride_log_entries) AS entries,
            (SELECT md5(string_agg(user_id || attraction_id::text, ',' ORDER BY user_id, attraction_id)) FROM ride_wishes) AS wishes,
            (SELECT md5(string_agg(id || ride_credits::text || ride_log_visibility, ',' ORDER BY id)) FROM profiles) AS credits`,
        );
      expect(await fingerprint(other)).toEqual(await fingerprint(database));
    } finally {
      await other.close();
    }
  });

  it("turns the rankings' triggers back on: writes after the load keep their aggregates", async () => {
    const [member] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM profiles ORDER BY id DESC LIMIT 1`);
    // A pair of one type this member has not dueled yet, a park rating, a contribution and a suggestion.
    await database.db.execute(sql`
      INSERT INTO attraction_duels (user_id, type_id, winner_id, loser_id)
      SELECT ${member!.id}, a.type_id, a.id, b.id FROM attractions a JOIN attractions b ON b.type_id = a.type_id AND b.id > a.id
      WHERE NOT EXISTS (SELECT 1 FROM attraction_duels d WHERE d.user_id = ${member!.id}
        AND ((d.winner_id = a.id AND d.loser_id = b.id) OR (d.winner_id = b.id AND d.loser_id = a.id)))
      ORDER BY a.id, b.id LIMIT 1`);
    // A park rating re-scored by hand: the park's sums are the rating write's to keep (recomputed here), the
    // reviewer's score sum the trigger's.
    const [rating] = await queryRows<{ park_id: string }>(
      database.db,
      sql`UPDATE park_ratings SET thrill_rating = CASE WHEN thrill_rating = 1 THEN 5 ELSE 1 END WHERE id = (SELECT id FROM park_ratings ORDER BY id LIMIT 1) RETURNING park_id`,
    );
    await recomputeAggregates(database.db, { parkIds: [rating!.park_id], reviewIds: [], rideIds: [], userIds: [] });
    await database.db.execute(sql`
      INSERT INTO content_modifications (user_id, target_type, target_id, action, status)
      SELECT ${member!.id}, 'attraction', id, 'update', 'approved' FROM attractions ORDER BY id LIMIT 1`);
    await database.db.execute(sql`DELETE FROM park_suggestions WHERE id = (SELECT id FROM park_suggestions ORDER BY id LIMIT 1)`);
    await database.db.execute(sql`DELETE FROM attraction_suggestions WHERE id = (SELECT id FROM attraction_suggestions ORDER BY id LIMIT 1)`);
    const [disabled] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`,
    );
    expect(disabled!.n).toBe(0);
    await expectAggregatesAsRecomputed(database.db);
  });
});
