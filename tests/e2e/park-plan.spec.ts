import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { openAddRideForm } from "./support/add-ride-form";

/** A picture's bytes have arrived and decoded (visible is not loaded on a busy machine). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** Whether the page scrolls sideways: wider than the window. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe("rides placed in the park (docs/rules/catalogue.md#park-plan)", () => {
  test("the demo's Parc Astérix shows its plan at 360 px, a picture with its text alternative; a park without positions has none", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/fr/parc-asterix");
    const plan = page.locator('img[src^="/maps/plans/"]');
    await expect(plan).toHaveAttribute("src", /^\/maps\/plans\/[0-9a-f-]{36}\.svg$/);
    // The demo places its twelve operating rides (approximate demo placements).
    await expect(plan).toHaveAttribute("alt", "Plan du parc, le nord en haut : 12 attractions à leur emplacement, numérotées dans l'ordre alphabétique de la légende, avec une échelle");
    await plan.scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(plan)).toBe(true);
    // Within the phone's width, drawn at its own aspect ratio.
    const box = (await plan.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.width).toBeGreaterThan(300);
    const natural = await plan.evaluate((element: HTMLImageElement) => element.naturalHeight / element.naturalWidth);
    expect(box.height / box.width).toBeCloseTo(natural, 1);
    const response = await page.request.get((await plan.getAttribute("src"))!);
    expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const drawing = await response.text();
    for (const name of ["Tonnerre 2 Zeus", "Pégase Express", "OzIris"]) expect(drawing).toContain(`>${name}</text>`);
    expect(await overflows(page)).toBe(false);
    await waitForHydration(page);
    await expectAccessible(page);

    await page.goto("/fr/puy-du-fou");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puy du Fou");
    await expect(page.locator('img[src^="/maps/plans/"]')).toHaveCount(0);
    await waitForHydration(page);
    await expectAccessible(page);
  });

  test("the add-ride form takes a position: half a pair refused in the browser, too far from the park by the server, nothing added", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/parc-asterix");
    await waitForHydration(page);
    const form = await openAddRideForm(page);
    const position = form.getByRole("group", { name: "Emplacement dans le parc" });
    await expect(position).toBeVisible();
    await expect(position).toContainText("à moins de 3 km de l'emplacement du parc");
    await form.getByLabel("Nom de l'attraction").fill("Attraction mal placée");
    await form.getByLabel("Type").selectOption("flat_ride");
    await position.getByLabel("Latitude").fill("49,1351");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(position.getByText("Indiquez la latitude et la longitude, ou aucune des deux.")).toBeVisible();
    // Parc Astérix is at 49.1342, 2.5714: a wrong first decimal puts the ride some 11 km north.
    await position.getByLabel("Latitude").fill("49,2351");
    await position.getByLabel("Longitude").fill("2,5748");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(position.getByText("Cet emplacement est à plus de 3 km de celui du parc : vérifiez la latitude et la longitude.")).toBeVisible();
    await expect(form.getByText(/a été ajoutée|en attente de modération/)).toHaveCount(0);
    await expectAccessible(page);
  });
});
