import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import {
  approveRideAsAdmin,
  approveParkAsAdmin,
  contributeRide,
  contributePark,
  expect,
  expectAccessible,
  test,
  waitForHydration,
} from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/**
 * The edit suggestions' story (decision 0019), end to end through both sides: a member suggests, the
 * administrator decides, the member and every visitor see the outcome. The
 * park and its ride are the test's own (contributed by a member of its own,
 * approved), so nothing else running beside it reads or changes them.
 */
const tag = () => crypto.randomBytes(3).toString("hex");

/** The administrator's row for the target, opened. */
async function openCard(admin: Page, name: string) {
  await admin.goto("/admin/suggestions");
  await waitForHydration(admin);
  const card = admin.getByRole("rowgroup").filter({ has: admin.getByRole("rowheader", { name: `Modification proposée pour ${name}` }) });
  await card.getByRole("button", { name: "Voir les modifications" }).click();
  await expect(card.getByText("Chargement...")).toHaveCount(0);
  return card;
}

test("suggestions go through the administrator: approved ones show on the pages, a rejection's reason reaches the member, a renamed ride answers at its old address", async ({
  page: admin,
  browser,
  baseURL,
  createMember,
}) => {
  const author = await createMember();
  const parkName = `Parc Récit ${tag()}`;
  const park = await contributePark(author, { name: parkName, descriptionFr: "Un parc de test." });
  await approveParkAsAdmin(park.id);
  const oldRideName = `Vieux Grand Huit ${tag()}`;
  const ride = await contributeRide(author, park.slug, { name: oldRideName, type: "roller_coaster" });
  await approveRideAsAdmin(ride.id);

  const member = await createMember();
  const memberContext = await browser.newContext({ locale: "fr-FR", baseURL });
  const page = await memberContext.newPage();
  await signIn(page, baseURL!, member.email, member.password);
  await signIn(admin, baseURL!, DEMO_ADMIN);

  // 1. A new adult price and a new French description, with a reason; unchanged first.
  await page.goto(`/fr/${park.slug}`);
  await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
  await waitForHydration(page);
  await page.getByLabel("Raison de vos modifications").fill("Site officiel du parc");
  await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
  await expect(page.getByRole("alert")).toHaveText("Aucune modification n'a été apportée");
  await page.getByLabel("Prix adulte (€)").fill("42.90");
  await page.getByLabel("Description (FR)").fill("Un parc au bord de l'eau, rénové cette année.");
  await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();

  let card = await openCard(admin, parkName);
  await expect(card.getByRole("table").getByRole("row", { name: /Prix adulte/ })).toContainText(/42,90\s€/);
  await card.getByRole("button", { name: "Approuver" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();

  await page.goto(`/fr/${park.slug}`);
  await expect(page.getByText(/42,90\s€/)).toBeVisible();
  await expect(page.getByText("Un parc au bord de l'eau, rénové cette année.")).toBeVisible();
  await expect(page.getByText("Un parc de test.")).toHaveCount(0);

  // 2. Another suggestion, rejected with a reason the member reads on their profile.
  await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
  await waitForHydration(page);
  await page.getByLabel("Horaires d'ouverture").fill("8h - 23h");
  await page.getByLabel("Raison de vos modifications").fill("Vu sur une affiche");
  await page.getByRole("button", { name: "Envoyer la suggestion" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();

  card = await openCard(admin, parkName);
  await card.getByLabel(/Raison du rejet/).fill("Horaires d'un événement, pas de la saison");
  await card.getByRole("button", { name: "Rejeter" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Suggestion rejetée." })).toBeVisible();

  await page.goto("/fr/profile");
  const mine = page.getByRole("region", { name: "Mes suggestions" });
  const items = mine.getByRole("listitem").filter({ hasText: parkName });
  await expect(items).toHaveCount(2);
  const rejected = items.filter({ hasText: "Horaires d'ouverture" });
  await expect(rejected).toContainText("Rejeté");
  await expect(rejected).toContainText("Raison du rejet : Horaires d'un événement, pas de la saison");
  await expect(items.filter({ hasText: "Prix adulte" })).toContainText("Approuvé");
  await expectAccessible(page);

  // 3. A ride renamed from its page's dialog; once approved, its old address redirects to the new one.
  const oldAddress = `/fr/${park.slug}/${ride.slug}`;
  await page.goto(oldAddress);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Suggérer des modifications : ${oldRideName}` });
  const newRideName = `Nouveau Grand Huit ${tag()}`;
  await dialog.getByLabel("Nom de l'attraction").fill(newRideName);
  await dialog.getByLabel("Raison de vos modifications").fill("Rebaptisée cette saison");
  await dialog.getByRole("button", { name: "Envoyer la suggestion" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();

  card = await openCard(admin, oldRideName);
  await expect(card.getByRole("table").getByRole("row", { name: /Nom de l'attraction/ })).toContainText(newRideName);
  await card.getByRole("button", { name: "Approuver" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();

  const moved = await page.request.get(oldAddress, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  const newAddress = moved.headers().location!;
  expect(newAddress).toMatch(new RegExp(`^/fr/${park.slug}/nouveau-grand-huit-[0-9a-f]{6}$`));
  await page.goto(oldAddress);
  await expect(page).toHaveURL(new RegExp(`${newAddress}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newRideName);
  await memberContext.close();
});
