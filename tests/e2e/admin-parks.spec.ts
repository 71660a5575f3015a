import crypto from "node:crypto";
import { contributePark, expect, expectAccessible, giveParkReview, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

/** Finds the test's own park through the search box (other tests run beside this one: no global counts). */
async function searchPark(page: Page, name: string, label = "Rechercher un parc (nom ou créateur)", submit = "Rechercher") {
  await page.getByLabel(label).fill(name);
  await page.getByRole("button", { name: submit, exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  return page.getByRole("row").filter({ hasText: name });
}

test.describe("Gestion des parcs (/admin/parks)", () => {
  test("a member's pending park is rejected with a reason, another approved, edited, its reviews read, then deleted", async ({ page, baseURL, createMember }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    const member = await createMember();
    const refused = `E2E Refusé ${tag}`;
    const accepted = `E2E Accepté ${tag}`;
    await contributePark(member, refused);
    const { slug } = await contributePark(member, accepted);

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin/parks");
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des parcs" })).toBeVisible();
    await waitForHydration(page);

    // Reject, with the inline reason panel.
    const refusedRow = await searchPark(page, refused);
    await expect(refusedRow).toHaveCount(1);
    await expect(refusedRow).toContainText(member.username);
    await expect(refusedRow).toContainText("En attente");
    await refusedRow.getByRole("button", { name: "Rejeter" }).click();
    const reason = page.getByLabel("Raison du rejet");
    const confirm = page.getByRole("button", { name: "Confirmer le rejet" });
    await expect(confirm).toBeDisabled();
    await reason.fill("   ");
    await expect(confirm).toBeDisabled();
    await reason.fill("Ce parc est un doublon");
    await expectAccessible(page);
    await confirm.click();
    await expect(refusedRow).toContainText("Rejeté");
    await expect(reason).toHaveCount(0);
    await expect(refusedRow.getByRole("button", { name: "Approuver" })).toHaveCount(0);
    await expect(refusedRow.getByRole("button", { name: "Rejeter" })).toHaveCount(0);

    // Approve the other one, filtered by status: at once in the public search.
    await page.getByLabel("Statut").selectOption("pending");
    const acceptedRow = await searchPark(page, accepted);
    await expect(page).toHaveURL(/status=pending/);
    await acceptedRow.getByRole("button", { name: "Approuver" }).click();
    // No longer pending: it leaves the filtered list, and shows approved in the whole one.
    await expect(acceptedRow).toHaveCount(0);
    await page.getByLabel("Statut").selectOption("");
    await searchPark(page, accepted);
    await expect(acceptedRow).toContainText("Approuvé");
    const search = await page.request.get(`/api/search?q=${encodeURIComponent(accepted)}`);
    expect(((await search.json()) as { parks: Array<{ slug: string }> }).parks.map((park) => park.slug)).toEqual([slug]);

    // Edit: the form replaces the list; the rules speak in the browser.
    await acceptedRow.getByRole("link", { name: "Modifier" }).click();
    await expect(page).toHaveURL(/[?&]edit=/);
    await expect(page.getByRole("heading", { level: 1, name: `Modifier ${accepted}` })).toBeVisible();
    const name = page.getByLabel("Nom du parc");
    await name.fill("");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Le nom du parc est requis")).toBeVisible();
    await name.fill("Parc Astérix");
    await expect(page.getByText("Ce parc existe déjà")).toBeVisible();
    await expectAccessible(page);
    await name.fill(`${accepted} bis`);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page).not.toHaveURL(/edit=/);
    await expect(page.getByRole("row").filter({ hasText: `${accepted} bis` })).toHaveCount(1);

    // Reviews: a member's review of the approved park, with its mean score.
    const reviewer = await createMember();
    await giveParkReview(reviewer, `e2e-accepte-${tag}-bis`, { theming: "4", thrill: "5", visitDuration: "full_day", comment: `Avis ${tag}` });
    await page.getByRole("row").filter({ hasText: `${accepted} bis` }).getByRole("link", { name: "Avis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Avis pour ${accepted} bis` })).toBeVisible();
    const reviewRow = page.getByRole("row").filter({ hasText: reviewer.username });
    await expect(reviewRow).toContainText("4,5");
    await expect(reviewRow).toContainText(`Avis ${tag}`);
    await reviewRow.getByRole("button", { name: "Supprimer" }).click();
    const reviewDialog = page.getByRole("dialog", { name: "Supprimer cet avis ?" });
    await expect(reviewDialog).toContainText("Êtes-vous sûr de vouloir supprimer cet avis ? Cette action est irréversible.");
    await expectAccessible(page);
    await reviewDialog.getByRole("button", { name: "Annuler" }).click();
    await expect(reviewDialog).toBeHidden();
    await page.getByRole("link", { name: "Retour à la liste" }).click();
    await expect(page).not.toHaveURL(/reviews=/);

    // Delete, after the confirmation dialog.
    const renamedRow = await searchPark(page, `${accepted} bis`);
    await renamedRow.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog", { name: `Supprimer ${accepted} bis ?` });
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer ce parc ? Cette action est irréversible.");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(renamedRow).toHaveCount(0);
    await expect(page.getByText("Aucun parc trouvé")).toBeVisible();
  });

  test("the edit form takes a park's location: an out-of-range latitude is refused, the pair saved and shown again", async ({ page, baseURL, createMember }) => {
    const name = `E2E Situé ${crypto.randomBytes(3).toString("hex")}`;
    await contributePark(await createMember(), name);
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin/parks");
    await waitForHydration(page);
    const row = await searchPark(page, name);
    await row.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Modifier ${name}` })).toBeVisible();
    await expect(page.getByLabel("Latitude")).toHaveValue("");
    await page.getByLabel("Latitude").fill("-91");
    await page.getByLabel("Longitude").fill("151,2153");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("La latitude doit être comprise entre -90 et 90.", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Latitude").fill("-33,8568");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page).not.toHaveURL(/edit=/);

    await row.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByLabel("Latitude")).toHaveValue("-33.8568");
    await expect(page.getByLabel("Longitude")).toHaveValue("151.2153");
  });

  test("a park without reviews says so, and the screen is accessible in French and in English", async ({ page, browser, baseURL, createMember }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    const member = await createMember();
    const park = `E2E Sans avis ${tag}`;
    await contributePark(member, park);
    await signIn(page, baseURL!, DEMO_ADMIN);

    await page.goto("/admin/parks");
    await waitForHydration(page);
    const row = await searchPark(page, park);
    await expectAccessible(page);
    await row.getByRole("link", { name: "Avis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Avis pour ${park}` })).toBeVisible();
    await expect(page.getByText("Aucun avis pour ce parc")).toBeVisible();
    await expectAccessible(page);

    // English through Accept-Language, in a browser that has not chosen French before (the choice is remembered).
    const english = await browser.newContext({ locale: "en-US", baseURL });
    const englishPage = await english.newPage();
    await signIn(englishPage, baseURL!, DEMO_ADMIN);
    await englishPage.goto("/admin/parks");
    await expect(englishPage.getByRole("heading", { level: 1, name: "Park management" })).toBeVisible();
    await waitForHydration(englishPage);
    const englishRow = await searchPark(englishPage, park, "Search a park (name or creator)", "Search");
    await expect(englishRow).toContainText("Pending");
    await englishRow.getByRole("button", { name: "Reject" }).click();
    await expect(englishPage.getByRole("button", { name: "Confirm rejection" })).toBeDisabled();
    await expectAccessible(englishPage);
    await englishRow.getByRole("link", { name: "Edit" }).click();
    await expect(englishPage.getByRole("heading", { level: 1, name: `Edit ${park}` })).toBeVisible();
    await expectAccessible(englishPage);
    await english.close();
  });
});
