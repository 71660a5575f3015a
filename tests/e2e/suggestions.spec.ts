import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

// A demo park and ride no other test changes; the suggestions made here are the test member's, deleted with them.
const PARK = "/fr/la-mer-de-sable";
const RIDE = "/fr/la-mer-de-sable/tiger-express";

test.describe("edit suggestions (docs/rules/suggestions.md#who-may-suggest)", () => {
  test("a member suggests new park values from the park page and finds the suggestion pending on their profile", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto(PARK);
    await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/parks\/[0-9a-f-]{36}\/suggest$/);
    await expect(page.getByRole("heading", { level: 1, name: "Suggérer des modifications : La Mer de Sable" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);

    // A picture over 10 MB is refused before anything is sent.
    const picture = page.getByLabel(/^Image principale/);
    await picture.setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(page.getByText("L'image ne doit pas dépasser 10MB")).toBeVisible();
    await picture.setInputFiles([]);

    // The form comes filled with the park's values; sent back unchanged, it is refused at once.
    await expect(page.getByLabel("Nom du parc")).toHaveValue("La Mer de Sable");
    await page.getByLabel("Raison de vos modifications").fill("Rien à changer en fait");
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByRole("alert")).toHaveText("Aucune modification n'a été apportée");

    const price = page.getByLabel("Prix adulte (€)");
    const current = Number((await price.inputValue()) || "30");
    const newPrice = (current + 1.5).toFixed(2);
    await price.fill(newPrice);
    await page.getByLabel("Description (FR)").fill("Un parc du far west au cœur de l'Oise, avec ses trains et ses cow-boys.");
    await page.getByLabel("Raison de vos modifications").fill("");
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByText("Veuillez expliquer la raison de vos modifications")).toBeVisible();

    await page.getByLabel("Raison de vos modifications").fill("Tarifs et présentation du site officiel");
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Retour à La Mer de Sable" }).last().click();
    await expect(page).toHaveURL(/\/fr\/la-mer-de-sable$/);

    await page.goto("/fr/profile");
    const mine = page.getByRole("region", { name: "Mes suggestions" });
    const item = mine.getByRole("listitem").filter({ hasText: "La Mer de Sable" });
    await expect(item).toHaveCount(1);
    await expect(item.getByText("En attente")).toBeVisible();
    await expect(item).toContainText("Champs modifiés : Description (FR), Prix adulte (€)");
    await expectAccessible(page);
  });

  test("a member suggests a park's location: half a pair is refused, the whole pair is sent", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto(PARK);
    await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
    await waitForHydration(page);
    // The form comes filled with the park's location (the demo parks have theirs).
    const latitude = page.getByLabel("Latitude");
    const longitude = page.getByLabel("Longitude");
    await expect(latitude).not.toHaveValue("");
    const current = Number(await longitude.inputValue());
    await longitude.fill("");
    await page.getByLabel("Raison de vos modifications").fill("Entrée du parc sur la carte officielle");
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByText("Indiquez la latitude et la longitude, ou aucune des deux.", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await longitude.fill(String(current + 0.001).replace(".", ","));
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();

    // Kept as one fact: both coordinates, though only the longitude was changed.
    await page.goto("/fr/profile");
    const item = page.getByRole("region", { name: "Mes suggestions" }).getByRole("listitem").filter({ hasText: "La Mer de Sable" });
    await expect(item).toContainText("Champs modifiés : Latitude, Longitude");
  });

  test("works without JavaScript, and a second suggestion replaces the pending one", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const response = await page.request.post("/api/auth/sign-in/email", {
      data: { email: member.email, password: member.password },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(response.ok()).toBe(true);
    await page.goto(RIDE);
    await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/attractions\/[0-9a-f-]{36}\/suggest$/);
    const suggestPage = page.url();
    // A refusal comes back as a whole page that keeps what was typed.
    await page.getByLabel("Inversions").fill("6");
    await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(page.getByText("Veuillez expliquer la raison de vos modifications")).toBeVisible();
    await expect(page.getByLabel("Inversions")).toHaveValue("6");
    for (const inversions of ["7", "8"]) {
      await page.getByLabel("Inversions").fill(inversions);
      await page.getByLabel("Raison de vos modifications").fill("Compté sur place");
      await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
      const confirmation = page.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." });
      await expect(confirmation).toBeVisible();
      if (inversions === "8") await expect(confirmation).toContainText("Elle remplace votre précédente suggestion en attente pour Tiger Express.");
      else await page.goto(suggestPage);
    }
    await context.close();
  });

  test("a visitor gets the login prompt, and the suggestion page sends them to log in and back", async ({ page }) => {
    await page.goto(PARK);
    await expect(page.getByRole("link", { name: "Connectez-vous pour suggérer des modifications" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Suggérer des modifications", exact: true })).toHaveCount(0);
    const answer = await page.request.get("/fr/parks/00000000-0000-4000-8000-000000000000/suggest", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/fr/login?redirectTo=${encodeURIComponent("/fr/parks/00000000-0000-4000-8000-000000000000/suggest")}`);
    await page.goto(RIDE);
    await expect(page.getByRole("link", { name: "Connectez-vous pour suggérer des modifications" })).toBeVisible();
  });

  test("a member answers an unknown target with a clear 404", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    const response = await page.goto("/fr/attractions/00000000-0000-4000-8000-000000000000/suggest");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette attraction n'accepte pas de suggestion : elle n'existe plus ou n'est pas encore publiée.");
  });

  test("on a ride page the form opens in a dialog by keyboard, closes with Escape, and sends a suggestion", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto(RIDE);
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Suggérer des modifications", exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Suggérer des modifications : Tiger Express" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nom de l'attraction")).toHaveValue("Tiger Express");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Nom de l'attraction")).toHaveValue("Tiger Express");
    await dialog.getByLabel("Raison de vos modifications").fill("Rien");
    await dialog.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Aucune modification n'a été apportée");
    const duration = dialog.getByLabel("Durée (secondes)");
    await duration.fill(String(Number((await duration.inputValue()) || "60") + 5));
    await dialog.getByLabel("Raison de vos modifications").fill("Chronométré");
    await dialog.getByRole("button", { name: "Envoyer la suggestion" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();
    // The form has gone with the button that had the focus: the focus is on the confirmation, still in the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Merci ! Votre suggestion a été envoyée.");
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});
