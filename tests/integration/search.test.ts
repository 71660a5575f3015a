import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSuggestions } from "~/server/catalog/search";
import { createRide, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const asterix = await createPark(database.db, { name: "Parc Astérix", slug: "parc-asterix", ratingCount: 10 });
  await createPark(database.db, { name: "Astéroïde Land", slug: "asteroide-land", ratingCount: 1 });
  await createPark(database.db, { name: "Parc Astérix Bis", slug: "parc-asterix-bis", moderationStatus: "pending" });
  await createRide(database.db, asterix.id, { name: "Tonnerre 2 Zeus", slug: "tonnerre-2-zeus" });
  await createRide(database.db, asterix.id, { name: "Zeus Junior", slug: "zeus-junior", moderationStatus: "pending" });
  for (let index = 0; index < 7; index++) {
    await createRide(database.db, asterix.id, { name: `Carrousel ${index}`, slug: `carrousel-${index}`, ratingCount: index });
  }
});
afterAll(async () => {
  await database.close();
});

describe("search suggestions (docs/rules/catalogue.md#search-suggestions)", () => {
  it("find names containing the text, ignoring case and accents, names starting with it first", async () => {
    const { parks } = await searchSuggestions(database.db, "ASTER");
    expect(parks.map((park) => park.name)).toEqual(["Astéroïde Land", "Parc Astérix"]);
    expect((await searchSuggestions(database.db, "asteri")).parks.map((park) => park.name)).toEqual(["Parc Astérix"]);
  });

  it("show approved content only", async () => {
    const { parks, attractions: rides } = await searchSuggestions(database.db, "zeus");
    expect(rides.map((ride) => [ride.name, ride.parkSlug])).toEqual([["Tonnerre 2 Zeus", "parc-asterix"]]);
    expect(parks).toEqual([]);
    expect((await searchSuggestions(database.db, "bis")).parks).toEqual([]);
  });

  it("start at 2 characters and give at most 5 of each kind, most rated first", async () => {
    expect(await searchSuggestions(database.db, "c")).toEqual({ parks: [], attractions: [] });
    const { attractions: rides } = await searchSuggestions(database.db, "ca");
    expect(rides.map((ride) => ride.name)).toEqual(["Carrousel 6", "Carrousel 5", "Carrousel 4", "Carrousel 3", "Carrousel 2"]);
  });

  it("rank every name starting with the text before more rated ones containing it, and fill up with those", async () => {
    const park = await createPark(database.db, { name: "Parc Orbite", slug: "parc-orbite" });
    // Six names start with "orbi" (ratings 0-5) and three contain it later, rated far more (100-102).
    for (let index = 0; index < 6; index++) {
      await createRide(database.db, park.id, { name: `Orbital ${index}`, slug: `orbital-${index}`, ratingCount: index });
    }
    for (let index = 0; index < 3; index++) {
      await createRide(database.db, park.id, { name: `Grand Orbiteur ${index}`, slug: `grand-orbiteur-${index}`, ratingCount: 100 + index });
    }
    const starting = await searchSuggestions(database.db, "orbi");
    expect(starting.attractions.map((ride) => ride.name)).toEqual(["Orbital 5", "Orbital 4", "Orbital 3", "Orbital 2", "Orbital 1"]);
    // "rbit" starts no name: the most rated containing it come first, park names too.
    const containing = await searchSuggestions(database.db, "rbit");
    expect(containing.attractions.map((ride) => ride.name)).toEqual([
      "Grand Orbiteur 2",
      "Grand Orbiteur 1",
      "Grand Orbiteur 0",
      "Orbital 5",
      "Orbital 4",
    ]);
    expect(containing.parks.map((found) => found.name)).toEqual(["Parc Orbite"]);
    // A text that one name starts with and none contains elsewhere: that name alone.
    expect((await searchSuggestions(database.db, "orbital 4")).attractions.map((ride) => ride.name)).toEqual(["Orbital 4"]);
  });

  it("treat LIKE wildcards in the text literally", async () => {
    expect(await searchSuggestions(database.db, "%%")).toEqual({ parks: [], attractions: [] });
    expect(await searchSuggestions(database.db, "__")).toEqual({ parks: [], attractions: [] });
  });
});
