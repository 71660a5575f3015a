import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMapView } from "~/domain/map-view";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { loader as baseMapLoader } from "~/routes/map-base";
import { loadMapPage } from "~/server/map/map-page";
import { createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Decision 0039: /maps/base/<frame>.svg draws only the frames the map page links, in one spelling each, one drawing
// at a time with a bounded queue; a frame already drawn is a cache hit, revalidated with its ETag.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function frame(file: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost/maps/base/${file}`, { headers });
  return (await baseMapLoader({ request, params: { frame: file }, context: {} } as unknown as Parameters<typeof baseMapLoader>[0])) as Response;
}

const text = {
  t: createTranslator("fr", resources.fr),
  parkHref: (slug: string) => `/fr/${slug}`,
  areaHref: (bbox: string) => `/fr/map?bbox=${bbox}`,
  formatRating: String,
};

describe("the base map's route", () => {
  it("serves the frames the map page links: its views, a country's and a zoom's, the zoom its clusters link", async () => {
    const country = "Framesland";
    for (let i = 0; i < 30; i++) await createPark(database.db, { country, latitude: 47 + (i % 6) * 0.05, longitude: 7 + Math.floor(i / 6) * 0.07 });
    const keys = [];
    for (const query of ["", "view=world", `country=${country}`]) {
      const page = await loadMapPage(database.db, readMapView(new URLSearchParams(query)), "Carte", text);
      keys.push(page.frameKey);
      for (const [, bbox] of page.marks.matchAll(/href="\/fr\/map\?bbox=([^"]+)"/g)) {
        const zoom = await loadMapPage(database.db, readMapView(new URLSearchParams({ bbox: bbox! })), "Carte", text);
        keys.push(zoom.frameKey);
      }
    }
    expect(keys.length).toBeGreaterThan(3);
    for (const key of new Set(keys)) {
      // Every frame the page links is one of the finite set, named as the set names it.
      expect(key).toMatch(/^(world|europe|[0-7]_-?[1-9]?\d*_-?[1-9]?\d*)$/);
      const response = await frame(`${key}.svg`);
      expect(response.status, key).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 960 640"/);
    }
  });

  it("answers 404, never a drawing, for any other frame or another spelling of a linked one", async () => {
    for (const file of ["nowhere.svg", "-10_36_24_60.svg", "1_2_3_4.svg", "2.5_48.8_2.51_48.81.svg", "world", "world.png", "03_-2_28.svg", "3_-2_+28.svg", "3_-2_28.0.svg", "3_-2_2.8e1.svg", "0_-0_0.svg", "8_0_0.svg", "0_0_9999.svg"]) {
      const response = await frame(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("keeps a drawn frame: the same ETag again, and a 304 when the browser has it", async () => {
    const first = await frame("3_-2_28.svg");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    const again = await frame("3_-2_28.svg");
    expect(again.headers.get("etag")).toBe(etag);
    const revalidated = await frame("3_-2_28.svg", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
  });

  it("draws a fresh frame asked for by many at once once, and refuses fresh frames beyond the queue with a 503", async () => {
    const same = await Promise.all(Array.from({ length: 6 }, () => frame("4_1_66.svg")));
    expect(same.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(same.map((response) => response.headers.get("etag"))).size).toBe(1);

    const fresh = await Promise.all(Array.from({ length: 10 }, (_, i) => frame(`5_${i * 3}_${120 + i}.svg`)));
    const statuses = fresh.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThan(10);
    for (const refused of fresh.filter((response) => response.status !== 200)) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      expect(refused.headers.get("cache-control")).toBe("no-store");
    }
    // Once the queue has drained, the refused frames are drawn.
    const retried = await Promise.all(fresh.map((response, i) => (response.status === 503 ? frame(`5_${i * 3}_${120 + i}.svg`) : response)));
    expect(retried.filter((response) => response.status === 200).length).toBeGreaterThan(statuses.filter((status) => status === 200).length);
  });
});
