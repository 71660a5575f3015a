import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// An account no other spec uses.
const EMMA = "emmafrissons@demo.parcours.local";

test.describe("my top 10 (public site §2, §9)", () => {
  test("a member builds both lists by search, reorders with the keyboard, removes; the public profile shows them read-only", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!, EMMA);
    const session = await page.request.get("/api/auth/get-session");
    const emmaId = ((await session.json()) as { user: { id: string } }).user.id;

    await page.goto("/fr/profile");
    await waitForHydration(page);
    const parks = page.getByRole("region", { name: "Mon top 10 des parcs" });
    const rides = page.getByRole("region", { name: "Mon top 10 des attractions" });
    await expect(parks.getByText("Aucun parc dans ce top 10 pour l'instant.")).toBeVisible();

    const add = async (list: typeof parks, label: string, search: string, name: string) => {
      await list.getByRole("searchbox", { name: label }).fill(search);
      await list.getByRole("button", { name: `Ajouter ${name} à mon top 10` }).click();
      await expect(list.getByTestId("top-list-item").filter({ hasText: name })).toBeVisible();
    };
    await add(parks, "Ajouter un parc à mon top 10", "Astérix", "Parc Astérix");
    await add(parks, "Ajouter un parc à mon top 10", "Futuroscope", "Futuroscope");
    await add(rides, "Ajouter une attraction à mon top 10", "Toutatis", "Toutatis");
    await add(rides, "Ajouter une attraction à mon top 10", "Goudurix", "Goudurix");
    // Search suggestions are filtered to the list's kind.
    await parks.getByRole("searchbox", { name: "Ajouter un parc à mon top 10" }).fill("Toutatis");
    await expect(parks.getByText("Aucun résultat trouvé")).toBeVisible();
    await expect(parks.getByText("2 sur 10")).toBeVisible();
    await expect(rides.getByTestId("top-list-announcer")).toHaveText("Goudurix ajouté à votre top 10");

    const names = (list: typeof parks) => list.getByTestId("top-list-item").getByRole("link").allTextContents();
    await expect.poll(() => names(parks)).toEqual(["Parc Astérix", "Futuroscope"]);

    // Keyboard: pick Futuroscope up, move it up, drop it.
    const handle = parks.getByRole("button", { name: "Déplacer Futuroscope (position 2 sur 2)" });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(parks.getByTestId("top-list-announcer")).toContainText("Futuroscope saisi, position 2 sur 2");
    await page.keyboard.press("ArrowUp");
    await expect(parks.getByTestId("top-list-announcer")).toHaveText("Futuroscope : position 1 sur 2");
    await expect(parks.getByRole("button", { name: "Déplacer Futuroscope (position 1 sur 2)" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(parks.getByTestId("top-list-announcer")).toHaveText("Futuroscope déposé : position 1 sur 2");
    await expect.poll(() => names(parks)).toEqual(["Futuroscope", "Parc Astérix"]);

    // Escape puts a moved item back where it was.
    await rides.getByRole("button", { name: "Déplacer Toutatis (position 1 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => names(rides)).toEqual(["Goudurix", "Toutatis"]);
    await page.keyboard.press("Escape");
    await expect(rides.getByTestId("top-list-announcer")).toHaveText("Déplacement annulé : Toutatis reste en position 1 sur 2");
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);

    // Then a real move, and a removal.
    await rides.getByRole("button", { name: "Déplacer Goudurix (position 2 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect.poll(() => names(rides)).toEqual(["Goudurix", "Toutatis"]);
    await page.waitForLoadState("networkidle");
    await parks.getByRole("button", { name: "Retirer Parc Astérix de mon top 10" }).click();
    await expect.poll(() => names(parks)).toEqual(["Futuroscope"]);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => names(parks)).toEqual(["Futuroscope"]);
    await expect.poll(() => names(rides)).toEqual(["Goudurix", "Toutatis"]);

    // A pointer drag reorders too.
    await rides
      .getByRole("button", { name: "Déplacer Toutatis (position 2 sur 2)" })
      .dragTo(rides.getByTestId("top-list-item").filter({ hasText: "Goudurix" }));
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);

    // The public profile: read-only, same order, links to the pages.
    await page.goto(`/fr/profile/${emmaId}`);
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

    // A refused change goes back and says why: here the page is stale, another tab removed Goudurix.
    await page.goto("/fr/profile");
    await waitForHydration(page);
    const found = (await (await page.request.get("/api/search?q=Goudurix")).json()) as { attractions: Array<{ id: string }> };
    const goudurixId = found.attractions[0]!.id;
    const removed = await page.request.post("/fr/profile/top-lists", {
      headers: { origin: new URL(baseURL!).origin },
      form: { intent: "remove", kind: "attraction", id: goudurixId, enhanced: "1" },
    });
    expect(removed.status()).toBe(200);
    await rides.getByRole("button", { name: "Déplacer Goudurix (position 2 sur 2)" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(rides.getByRole("alert")).toHaveText("Votre liste a changé entre-temps : rechargez la page et réessayez.");
    await expect.poll(() => names(rides)).toEqual(["Toutatis", "Goudurix"]);
  });
});
