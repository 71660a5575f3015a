import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { contributeRide, expect, expectAccessible, giveRideReview, test, waitForHydration, type TestMember } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/**
 * "Gestion des attractions" (docs/rules/back-office.md#ride-management): members' rides found by
 * search, rejected with a reason or approved (then public on the park page),
 * edited (FR/EN description toggle, docs/rules/back-office.md#admin-ride-edit), their reviews, the ride they
 * continue (docs/rules/back-office.md#ride-relocation), deleted. Every
 * ride is the test's own, found by its unique name: other tests run beside.
 */
const PARK = "nigloland";
const unique = () => crypto.randomBytes(3).toString("hex");

async function pendingRide(member: TestMember, name: string) {
  return contributeRide(member, PARK, { name, type: "dark_ride", descriptionFr: "Un voyage dans le noir" });
}

async function searchFor(page: Page, name: string) {
  await page.goto(`/admin/attractions?q=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test.describe("Gestion des attractions", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
  });

  test("a member's pending ride, found by the search box, is rejected with a reason", async ({ page, createMember }) => {
    const member = await createMember();
    const name = `Zorglub ${unique()}`;
    await pendingRide(member, name);

    await page.goto("/admin/attractions");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des attractions" })).toBeVisible();
    for (const column of ["Nom", "Parc", "Type", "Créé par", "Date", "Statut", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await page.getByLabel("Rechercher une attraction, un parc ou un membre").fill(name);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/q=Zorglub/);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Nigloland");
    await expect(row).toContainText(member.username);
    await expect(row).toContainText("En attente");
    await expectAccessible(page);

    await row.getByRole("button", { name: "Rejeter" }).click();
    const reason = page.getByLabel("Raison du rejet");
    const confirm = page.getByRole("button", { name: "Confirmer le rejet" });
    await expect(confirm).toBeDisabled();
    await reason.fill("Doublon d'une attraction existante");
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await confirm.click();
    await expect(row).toContainText("Rejeté");
    await expect(row.getByRole("button", { name: "Approuver" })).toHaveCount(0);
    await expect(reason).toHaveCount(0);
  });

  test("an approved ride shows on its park page at once; deleting it asks first", async ({ page, browser, createMember }) => {
    const member = await createMember();
    const name = `Vortex ${unique()}`;
    await pendingRide(member, name);
    const row = await searchFor(page, name);
    await row.getByRole("button", { name: "Approuver" }).click();
    await expect(row).toContainText("Approuvé");
    await expect(row.getByRole("button", { name: "Rejeter" })).toHaveCount(0);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/fr/${PARK}`);
    await expect(visitorPage.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
    await visitor.close();

    await row.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer l'attraction" });
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cette attraction ? Cette action est irréversible.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Aucune attraction trouvée")).toBeVisible();
  });

  test("the edit form: FR/EN toggle by keyboard, a rule's message, then saved", async ({ page, createMember }) => {
    const member = await createMember();
    const name = `Tornade ${unique()}`;
    await pendingRide(member, name);
    const row = await searchFor(page, name);
    await row.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Modifier ${name}` })).toBeVisible();
    await waitForHydration(page);

    const french = page.getByRole("button", { name: "FR", exact: true });
    const english = page.getByRole("button", { name: "EN", exact: true });
    await expect(french).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Description (FR)")).toHaveValue("Un voyage dans le noir");
    await expect(page.getByLabel("Description (EN)")).toBeHidden();
    await french.focus();
    await page.keyboard.press("Tab");
    await expect(english).toBeFocused();
    await page.keyboard.press("Space");
    await expect(english).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Description (EN)")).toBeVisible();
    await expect(page.getByLabel("Description (FR)")).toBeHidden();
    await page.getByLabel("Description (EN)").fill("A journey in the dark");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(french).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    await page.getByLabel("Durée (secondes)").fill("0");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Erreur lors de la modification de l'attraction")).toBeVisible();
    await expect(page.getByText("La valeur doit être au moins 1")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Durée (secondes)").fill("150");
    await page.getByLabel("Statut de l'attraction").selectOption({ label: "Disparue" });
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des attractions" })).toBeVisible();
    const saved = await searchFor(page, name);
    await saved.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByLabel("Durée (secondes)")).toHaveValue("150");
    await expect(page.getByLabel("Statut de l'attraction")).toHaveValue("removed");
    await expect(page.getByLabel("Description (EN)")).toHaveValue("A journey in the dark");
  });

  test("a ride's reviews: rating, audience, comment, delete asks first; the empty text", async ({ page, baseURL, createMember }) => {
    const member = await createMember();
    const reviewer = await createMember();
    const name = `Dragon ${unique()}`;
    const ride = await pendingRide(member, name);
    // The dashboard's approve button posts this form to this screen.
    const approved = await page.request.post("/admin/attractions", { form: { intent: "approve", id: ride.id }, headers: { origin: new URL(baseURL!).origin } });
    expect(approved.ok()).toBe(true);
    await giveRideReview(reviewer, `${PARK}/${ride.slug}`, { rating: "4", audienceType: "thrill", comment: "Frissons garantis" });

    const row = await searchFor(page, name);
    await row.getByRole("link", { name: "Avis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Avis pour ${name}` })).toBeVisible();
    const review = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: reviewer.username }) });
    // Cells after the date: the rating, the audience, the comment.
    await expect(review.getByRole("cell").nth(1)).toHaveText("4/5");
    await expect(review.getByRole("cell").nth(2)).toHaveText("Sensations fortes");
    await expect(review.getByRole("cell").nth(3)).toHaveText("Frissons garantis");
    await expect(page.getByRole("columnheader")).toHaveText(["Utilisateur", "Date", "Note", "Public", "Commentaire", "Actions"]);
    await waitForHydration(page);
    await expectAccessible(page);
    await review.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer l'avis" });
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cet avis ? Cette action est irréversible.");
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Retour à la liste" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des attractions" })).toBeVisible();

    const empty = `Calme ${unique()}`;
    await pendingRide(member, empty);
    const emptyRow = await searchFor(page, empty);
    await emptyRow.getByRole("link", { name: "Avis" }).click();
    await expect(page.getByText("Aucun avis pour cette attraction")).toBeVisible();

    // The approved ride stays when its author goes: removed here.
    const removed = await page.request.post("/admin/attractions", { form: { intent: "delete", id: ride.id }, headers: { origin: new URL(baseURL!).origin } });
    expect(removed.ok()).toBe(true);
  });
});

test.describe("Continue l'attraction…", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
  });

  test("a ride linked to the ride of another park it continues, the link shown, then removed", async ({ page, createMember }) => {
    const member = await createMember();
    const original = `Comète ${unique()}`;
    const moved = `${original} II`;
    await contributeRide(member, "parc-asterix", { name: original, type: "roller_coaster", descriptionFr: "Un grand huit" });
    await pendingRide(member, moved);

    const row = await searchFor(page, moved);
    await row.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByText("Ne continue aucune attraction")).toBeVisible();
    await page.getByRole("link", { name: "Continue l'attraction…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${moved} (Nigloland) continue l'attraction…` })).toBeVisible();
    await expect(page.getByText("Ne continue aucune attraction")).toBeVisible();
    await expect(page.getByRole("button", { name: "Retirer le lien" })).toHaveCount(0);
    await waitForHydration(page);

    // The list's search box, by name with neither capitals nor accents: the rides of other parks only.
    await page.getByLabel("Rechercher l'attraction qu'elle continue, dans les autres parcs").fill(original.toLowerCase().replace("è", "e"));
    await page.getByRole("button", { name: "Rechercher" }).click();
    const found = page.getByRole("table", { name: "Attractions des autres parcs" });
    const candidate = found.getByRole("row").filter({ has: page.getByRole("rowheader", { name: original, exact: true }) });
    await expect(candidate).toContainText("Parc Astérix");
    await expect(found.getByRole("rowheader", { name: moved })).toHaveCount(0);
    await expectAccessible(page);
    // The view and its results fit a 360 px screen (the rows become cards, which are no table rows: back to the desktop after).
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize(desktop);

    await candidate.getByRole("button", { name: "Choisir" }).click();
    const current = page.getByText(`Continue : ${original} (Parc Astérix)`);
    await expect(current).toBeVisible();
    await expect(current).toBeFocused();
    await expectAccessible(page);
    // The edit view shows it too.
    await page.getByRole("link", { name: "Retour à la liste" }).click();
    await (await searchFor(page, moved)).getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByText(`Continue : ${original} (Parc Astérix)`)).toBeVisible();
    await page.getByRole("link", { name: "Continue l'attraction…" }).click();

    // Removed from the keyboard.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Retirer le lien" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Ne continue aucune attraction")).toBeFocused();
    await expect(page.getByRole("button", { name: "Retirer le lien" })).toHaveCount(0);
  });
});

test.describe("Ride management in English", () => {
  test.use({ locale: "en-GB" });

  test("the list, the edit form, the reviews view and the ride it continues are accessible in English", async ({ page, baseURL, createMember }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
    const member = await createMember();
    const name = `Cyclone ${unique()}`;
    await pendingRide(member, name);
    const row = await searchFor(page, name);
    await expect(page.getByRole("heading", { level: 1, name: "Ride management" })).toBeVisible();
    await expect(row).toContainText("Pending");
    await row.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("button", { name: "Confirm rejection" })).toBeDisabled();
    await expectAccessible(page);
    await row.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
    await page.goBack();
    await (await searchFor(page, name)).getByRole("link", { name: "Reviews" }).click();
    await expect(page.getByText("No reviews for this ride")).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await (await searchFor(page, name)).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByText("Continues no ride")).toBeVisible();
    await page.getByRole("link", { name: "Continues the ride…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${name} (Nigloland) continues the ride…` })).toBeVisible();
    await expect(page.getByText("Continues no ride")).toBeVisible();
    await expectAccessible(page);
  });
});
