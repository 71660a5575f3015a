import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import {
  approveParkAsAdmin,
  contributePark,
  editParkAsAdmin,
  expect,
  expectAccessible,
  suggestEdit,
  test,
  waitForHydration,
  type TestMember,
} from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/** A published park of the test's own (adult price 30 €), and a suggestion on it by another member of the test's own. */
async function suggestedPark(createMember: () => Promise<TestMember>, fields: Record<string, string>) {
  const tag = crypto.randomBytes(3).toString("hex");
  const author = await createMember();
  const name = `E2E Suggestion ${tag}`;
  const park = await contributePark(author, { name });
  await approveParkAsAdmin(park.id);
  const suggester = await createMember();
  await suggestEdit(suggester, "park", park.id, fields);
  return { ...park, name, suggester };
}

/** The moderation screen, and the row of the test's park opened. */
async function openCard(page: Page, baseURL: string, name: string) {
  await signIn(page, baseURL, DEMO_ADMIN);
  await page.goto("/admin/suggestions");
  await expect(page.getByRole("heading", { level: 1, name: "Suggestions de modifications" })).toBeVisible();
  await waitForHydration(page);
  const card = page.getByRole("rowgroup").filter({ has: page.getByRole("rowheader", { name: `Modification proposée pour ${name}` }) });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Voir les modifications" }).click();
  return card;
}

test.describe("Suggestions de modifications (/admin/suggestions)", () => {
  test("a price change is read as current → proposed, approved, and shows on the park page", async ({ page, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, { adultPrice: "42.5", reason: "Nouveau tarif 2026" });
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin/suggestions");
    await waitForHydration(page);
    const card = page.getByRole("rowgroup").filter({ has: page.getByRole("rowheader", { name: `Modification proposée pour ${park.name}` }) });
    await expect(card).toContainText(park.suggester.username);
    await expect(card.getByRole("button", { name: "Voir les modifications" })).toHaveAttribute("aria-expanded", "false");
    // The detail's request is held until 'Chargement...' has been seen: no race with a fast server.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/[?&]suggestion=/, async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole("button", { name: "Voir les modifications" }).click();
    await expect(card.getByText("Chargement...")).toBeVisible();
    await expect(card.getByRole("button", { name: "Masquer les modifications" })).toHaveAttribute("aria-expanded", "true");
    release();
    const price = card.getByRole("table").getByRole("row", { name: /Prix adulte/ });
    await expect(price).toContainText(/30,00\s€/);
    await expect(price).toContainText(/42,50\s€/);
    await expect(card.getByText("Chargement...")).toHaveCount(0);
    await expect(card).toContainText("Nouveau tarif 2026");
    await expect(card.getByText("modifié depuis la suggestion")).toHaveCount(0);
    await expectAccessible(page);

    await card.getByRole("button", { name: "Approuver" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.goto(`/fr/${park.slug}`);
    await expect(page.getByText(/42,50\s€/)).toBeVisible();
  });

  test("a proposed location is compared coordinate by coordinate, current → proposed, and approved", async ({ page, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, { latitude: "48,872212", longitude: "-2,7758", reason: "Coordonnées de l'entrée" });
    const card = await openCard(page, baseURL!, park.name);
    const latitude = card.getByRole("table").getByRole("row", { name: /Latitude/ });
    await expect(latitude).toContainText("Non renseigné");
    await expect(latitude).toContainText("48,872212");
    await expect(card.getByRole("table").getByRole("row", { name: /Longitude/ })).toContainText("-2,7758");
    await expectAccessible(page);
    await card.getByRole("button", { name: "Approuver" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a description change reads in French and English, then is rejected with a reason and leaves the list", async ({ page, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, {
      descriptionFr: "Un parc au bord du lac.",
      descriptionEn: "A park by the lake.",
      reason: "Description plus précise",
    });
    const card = await openCard(page, baseURL!, park.name);
    const french = card.getByRole("button", { name: "FR" });
    const english = card.getByRole("button", { name: "EN" });
    await expect(french).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByRole("table").getByRole("row", { name: /Description \(FR\)/ })).toContainText("Un parc au bord du lac.");
    await expect(card.getByText("A park by the lake.")).toHaveCount(0);
    await english.click();
    await expect(english).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByRole("table").getByRole("row", { name: /Description \(EN\)/ })).toContainText("A park by the lake.");
    await expect(card.getByText("Un parc au bord du lac.")).toHaveCount(0);
    await expectAccessible(page);

    await card.getByLabel(/Raison du rejet/).fill("Texte copié d'un autre site");
    await card.getByRole("button", { name: "Rejeter" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Suggestion rejetée." })).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("rowheader", { name: `Modification proposée pour ${park.name}` })).toHaveCount(0);
    // The park kept its description.
    await page.goto(`/fr/${park.slug}`);
    await expect(page.getByText("Un parc de test.")).toBeVisible();
  });

  test("a field changed since the suggestion is marked, and approving asks before overwriting it", async ({ page, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, { adultPrice: "50", childPrice: "15", reason: "Tarifs affichés à l'entrée" });
    // The administrator changed the adult price after the member made the suggestion.
    await editParkAsAdmin(park.id, { adultPrice: "33" });
    const card = await openCard(page, baseURL!, park.name);
    const adult = card.getByRole("table").getByRole("row", { name: /Prix adulte/ });
    await expect(adult).toContainText("modifié depuis la suggestion");
    await expect(adult).toContainText(/33,00\s€/);
    await expect(card.getByRole("table").getByRole("row", { name: /Prix enfant/ })).not.toContainText("modifié depuis la suggestion");

    await card.getByRole("button", { name: "Approuver" }).click();
    const dialog = page.getByRole("dialog", { name: "Remplacer des modifications récentes ?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText(["Prix adulte (€)"]);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(1);

    await card.getByRole("button", { name: "Approuver" }).click();
    await dialog.getByRole("button", { name: "Approuver quand même" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.goto(`/fr/${park.slug}`);
    await expect(page.getByText(/50,00\s€/)).toBeVisible();
    await expect(page.getByText(/15,00\s€/)).toBeVisible();
  });
});

test.describe("Suggestions de modifications: the screen out of date", () => {
  test("a field changed after the card was opened: the approval is refused, then confirmed", async ({ page, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, { childPrice: "12", reason: "Tarif enfant" });
    const card = await openCard(page, baseURL!, park.name);
    await expect(card.getByRole("table").getByRole("row", { name: /Prix enfant/ })).toContainText(/12,00\s€/);
    await expect(card.getByText("modifié depuis la suggestion")).toHaveCount(0);
    // Changed meanwhile, while the card is open.
    await editParkAsAdmin(park.id, { childPrice: "14" });

    await card.getByRole("button", { name: "Approuver" }).click();
    const dialog = page.getByRole("dialog", { name: "Remplacer des modifications récentes ?" });
    await expect(dialog.getByRole("listitem")).toHaveText(["Prix enfant (€)"]);
    // The opened detail reloaded: the field is marked and shows today's value.
    await expect(card.getByRole("table").getByRole("row", { name: /Prix enfant/ })).toContainText("modifié depuis la suggestion");
    await expect(card.getByRole("table").getByRole("row", { name: /Prix enfant/ })).toContainText(/14,00\s€/);
    await dialog.getByRole("button", { name: "Approuver quand même" }).click();
    await expect(card).toHaveCount(0);
    await page.goto(`/fr/${park.slug}`);
    await expect(page.getByText(/12,00\s€/)).toBeVisible();
  });

  test("a suggestion moderated in another tab: the stale message, and the card leaves", async ({ page, context, baseURL, createMember }) => {
    const park = await suggestedPark(createMember, { openingHours: "9h - 20h", reason: "Horaires d'été" });
    const card = await openCard(page, baseURL!, park.name);
    await expect(card.getByRole("table").getByRole("row", { name: /Horaires d'ouverture/ })).toContainText("9h - 20h");

    const other = await context.newPage();
    await other.goto("/admin/suggestions");
    await waitForHydration(other);
    const otherCard = other.getByRole("rowgroup").filter({ has: other.getByRole("rowheader", { name: `Modification proposée pour ${park.name}` }) });
    await otherCard.getByRole("button", { name: "Voir les modifications" }).click();
    await otherCard.getByRole("button", { name: "Rejeter" }).click();
    await expect(otherCard).toHaveCount(0);
    await other.close();

    await card.getByRole("button", { name: "Approuver" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Cet élément a changé entre-temps" })).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.goto(`/fr/${park.slug}`);
    await expect(page.getByText("9h - 20h")).toHaveCount(0);
  });
});
