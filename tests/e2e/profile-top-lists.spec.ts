import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, giveTopLists, test, waitForHydration } from "./support/fixtures";

// Each test has a member of its own (fixtures.ts); those that are not about adding get their
// lists straight from the fixture endpoint, so each test is short and starts from a known list.
const names = (list: Locator) => list.getByTestId("top-list-item").getByRole("link").allTextContents();
const parksOf = (page: Page) => page.getByRole("region", { name: "Mon top 10 des parcs" });
const ridesOf = (page: Page) => page.getByRole("region", { name: "Mon top 10 des attractions" });

/** Waits for the list's write to be answered: a reload before that would show the old list. */
const saved = (page: Page) =>
  page.waitForResponse((response) => response.url().includes("/profile/top-lists") && response.request().method() === "POST");

async function openOwnProfile(page: Page) {
  await page.goto("/fr/profile");
  await waitForHydration(page);
}

/** The own profile once both lazy editors have hydrated: a key pressed earlier on their server-rendered buttons is lost. */
async function openOwnEditors(page: Page) {
  await openOwnProfile(page);
  await expect(page.locator("section[data-interactive]")).toHaveCount(2);
}

test.describe("my top 10 (docs/rules/profiles.md#top-10-lists)", () => {
  test("text typed in the search before the editor has hydrated is kept and searched", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    // The editor's chunk is held back: the server's HTML is on screen, the field usable, React not yet there.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/top-list-editor-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/fr/profile");
    const parks = parksOf(page);
    await parks.getByRole("searchbox", { name: "Ajouter un parc à mon top 10" }).fill("Astérix");
    release();
    await expect(parks.getByRole("button", { name: "Ajouter Parc Astérix à mon top 10" })).toBeVisible();
  });

  test("a member builds both lists by search; suggestions are filtered to the list's kind", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await openOwnProfile(page);
    const parks = parksOf(page);
    const rides = ridesOf(page);
    await expect(parks.getByText("Aucun parc dans ce top 10 pour l'instant.")).toBeVisible();

    const add = async (list: Locator, label: string, search: string, name: string) => {
      await list.getByRole("searchbox", { name: label }).fill(search);
      await list.getByRole("button", { name: `Ajouter ${name} à mon top 10` }).click();
      await expect(list.getByTestId("top-list-item").filter({ hasText: name })).toBeVisible();
    };
    await add(parks, "Ajouter un parc à mon top 10", "Astérix", "Parc Astérix");
    await add(parks, "Ajouter un parc à mon top 10", "Futuroscope", "Futuroscope");
    await add(rides, "Ajouter une attraction à mon top 10", "Toutatis", "Toutatis");
    await add(rides, "Ajouter une attraction à mon top 10", "Goudurix", "Goudurix");
    await parks.getByRole("searchbox", { name: "Ajouter un parc à mon top 10" }).fill("Toutatis");
    await expect(parks.getByText("Aucun résultat trouvé")).toBeVisible();
    await expect(parks.getByText("2 sur 10")).toBeVisible();
    await expect(rides.getByTestId("top-list-announcer")).toHaveText("Goudurix ajouté à votre top 10");
    await expect.poll(() => names(parks)).toEqual(["Parc Astérix", "Futuroscope"]);
    await expectAccessible(page);

    await page.reload();
    await expect.poll(() => names(parksOf(page))).toEqual(["Parc Astérix", "Futuroscope"]);
    await expect.poll(() => names(ridesOf(page))).toEqual(["Toutatis", "Goudurix"]);
  });

  test("the keyboard moves an item (Space or Enter), Escape puts it back, and an item is removed", async ({
    page,
    signInAsNewMember,
  }) => {
    const member = await signInAsNewMember();
    await giveTopLists(member, { parks: ["parc-asterix", "futuroscope"], attractions: ["parc-asterix/toutatis", "parc-asterix/goudurix"] });
    await openOwnEditors(page);
    const parks = parksOf(page);
    const rides = ridesOf(page);

    // Pick Futuroscope up, move it up, drop it.
    await parks.getByRole("button", { name: "Déplacer Futuroscope (position 2 sur 2)" }).focus();
    await page.keyboard.press("Space");
    await expect(parks.getByTestId("top-list-announcer")).toContainText("Futuroscope saisi, position 2 sur 2");
    await page.keyboard.press("ArrowUp");
    await expect(parks.getByTestId("top-list-announcer")).toHaveText("Futuroscope : position 1 sur 2");
    await expect(parks.getByRole("button", { name: "Déplacer Futuroscope (position 1 sur 2)" })).toBeFocused();
    const parksSaved = saved(page);
    await page.keyboard.press("Space");
    await expect(parks.getByTestId("top-list-announcer")).toHaveText("Futuroscope déposé : position 1 sur 2");
    await expect.poll(() => names(parks)).toEqual(["Futuroscope", "Parc Astérix"]);
    await parksSaved;

    // Escape puts a moved item back where it was, and saves nothing.
    await rides.getByRole("button", { name: "Déplacer Toutatis (position 1 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => names(rides)).toEqual(["Goudurix", "Toutatis"]);
    await page.keyboard.press("Escape");
    await expect(rides.getByTestId("top-list-announcer")).toHaveText("Déplacement annulé : Toutatis reste en position 1 sur 2");
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);

    // Then a real move with Enter, and a removal.
    await rides.getByRole("button", { name: "Déplacer Goudurix (position 2 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    const ridesSaved = saved(page);
    await page.keyboard.press("Enter");
    await expect.poll(() => names(rides)).toEqual(["Goudurix", "Toutatis"]);
    await ridesSaved;
    const removed = saved(page);
    await parks.getByRole("button", { name: "Retirer Parc Astérix de mon top 10" }).click();
    await expect.poll(() => names(parks)).toEqual(["Futuroscope"]);
    await removed;

    await page.reload();
    await expect.poll(() => names(parksOf(page))).toEqual(["Futuroscope"]);
    await expect.poll(() => names(ridesOf(page))).toEqual(["Goudurix", "Toutatis"]);
  });

  test("a pointer drag reorders, and the order is kept", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    await giveTopLists(member, { attractions: ["parc-asterix/goudurix", "parc-asterix/toutatis"] });
    await openOwnEditors(page);
    const rides = ridesOf(page);
    const dragged = saved(page);
    await rides
      .getByRole("button", { name: "Déplacer Toutatis (position 2 sur 2)" })
      .dragTo(rides.getByTestId("top-list-item").filter({ hasText: "Goudurix" }));
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);
    await dragged;
    await page.reload();
    await expect.poll(() => names(ridesOf(page))).toEqual(["Toutatis", "Goudurix"]);
  });

  test("the public profile shows both lists read-only, in order, linking to the pages", async ({ page, createMember }) => {
    const member = await createMember();
    await giveTopLists(member, { parks: ["futuroscope"], attractions: ["parc-asterix/toutatis", "parc-asterix/goudurix"] });
    await page.goto(`/fr/profile/${member.id}`);
    const publicRides = page.getByRole("region", { name: "Top 10 des attractions" });
    await expect(publicRides.getByRole("listitem")).toHaveText([/1\s*Toutatis/, /2\s*Goudurix/]);
    await expect(page.getByRole("region", { name: "Top 10 des parcs" }).getByRole("link", { name: "Futuroscope" })).toHaveAttribute(
      "href",
      "/fr/futuroscope",
    );
    await expect(publicRides.getByRole("link", { name: "Goudurix" })).toHaveAttribute("href", "/fr/parc-asterix/goudurix");
    await expect(page.getByRole("button", { name: /Déplacer|Retirer/ })).toHaveCount(0);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a refused change goes back and says why: here the page is stale, another tab removed an item", async ({
    page,
    baseURL,
    signInAsNewMember,
  }) => {
    const member = await signInAsNewMember();
    await giveTopLists(member, { attractions: ["parc-asterix/toutatis", "parc-asterix/goudurix"] });
    await openOwnProfile(page);
    const rides = ridesOf(page);
    const found = (await (await page.request.get("/api/search?q=Goudurix")).json()) as { attractions: Array<{ id: string }> };
    const removed = await page.request.post("/fr/profile/top-lists", {
      headers: { origin: new URL(baseURL!).origin },
      form: { intent: "remove", kind: "attraction", id: found.attractions[0]!.id, enhanced: "1" },
    });
    expect(removed.status()).toBe(200);
    await rides.getByRole("button", { name: "Déplacer Goudurix (position 2 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(rides.getByRole("alert")).toHaveText("Votre liste a changé entre-temps : rechargez la page et réessayez.");
    // The move is undone, and the page's data read again with the root's (decision 0067): the list as it now is.
    await expect.poll(() => names(rides)).toEqual(["Toutatis"]);
  });
});
