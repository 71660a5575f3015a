import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { contributeRide, expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/**
 * The ride log's whole story (docs/rules/ride-log.md): a member logs rides, reads their credits, changes the counting
 * rules, completes a plan's ride, logs offline, imports and undoes; the administrator links a relocated ride; another
 * member sees the credits once they are shown. The relocated pair is the test's own rides: other tests run beside.
 */
/** The credits, on the profile's log section or on the log's own page: each shows them once. */
const credits = (page: Page) => page.locator("[data-credits]");
const settings = (page: Page) => page.getByRole("form", { name: "Règles de comptage et visibilité" });
/** Chromium's report of the requests that found no network while the test had it cut. */
const OFFLINE_FAILURE = /net::ERR_INTERNET_DISCONNECTED/;

async function logOnRidePage(page: Page, path: string, name: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: `J'ai fait cette attraction : ${name}` }).click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  // Answered by the server before the next page: the summary alone shows the write at once.
  await expect(page.getByRole("region", { name: "Mon carnet" }).getByRole("status")).toHaveText("Passage enregistré");
}

async function profileCredits(page: Page) {
  await page.goto("/fr/profile");
  return credits(page);
}

test("a member's ride log, from the first ride to credits shown to others", async ({ page, browser, baseURL, signInAsNewMember, createMember, consoleErrors }) => {
  test.setTimeout(300_000);
  // Two coasters of the test's own, in two parks, published: the administrator will link them.
  const contributor = await createMember();
  const original = `Météore ${crypto.randomBytes(3).toString("hex")}`;
  const first = await contributeRide(contributor, "parc-asterix", { name: original, type: "roller_coaster", descriptionFr: "Un grand huit" });
  const moved = await contributeRide(contributor, "nigloland", { name: `${original} II`, type: "roller_coaster", descriptionFr: "Le même, déplacé" });
  const admin = await browser.newPage({ baseURL });
  await signIn(admin, baseURL!, DEMO_ADMIN);
  for (const ride of [first, moved]) {
    const approved = await admin.request.post("/admin/attractions", { form: { intent: "approve", id: ride.id }, headers: { origin: new URL(baseURL!).origin } });
    expect(approved.ok()).toBe(true);
  }

  const member = await signInAsNewMember();
  // Three rides, one of them twice.
  await logOnRidePage(page, "/fr/europa-park/silver-star", "Silver Star");
  await logOnRidePage(page, "/fr/europa-park/silver-star", "Silver Star");
  await logOnRidePage(page, "/fr/europa-park/arthur", "Arthur");
  await logOnRidePage(page, "/fr/parc-asterix/toutatis", "Toutatis");
  await expect(page.getByText("Vous l'avez faite 1 fois", { exact: false })).toBeVisible();
  await expect(await profileCredits(page)).toHaveText("3 crédits");
  const section = page.getByRole("region", { name: "Mon carnet" });
  const byType = section.getByRole("heading", { name: "Par type" }).locator("xpath=following-sibling::dl[1]").getByRole("definition");
  await expect(byType).toHaveText(["2", "1"]);
  // The rest of the log is on its own page.
  await section.getByRole("link", { name: "Ouvrir mon carnet complet" }).click();
  await expect(page).toHaveURL(/\/fr\/profile\/ride-log$/);
  await expect(page.getByRole("region", { name: "Crédits" }).getByRole("figure", { name: "Parcs visités" }).locator('a[href="/fr/europa-park"]')).toHaveCount(1);

  // Coasters only: Arthur, a dark ride, no longer counts.
  await waitForHydration(page);
  await settings(page).getByLabel("Montagnes russes seulement").check();
  await settings(page).getByRole("button", { name: "Enregistrer" }).click();
  await expect(credits(page)).toHaveText("2 crédits");

  // A plan's ride marked done is logged.
  await page.goto("/fr/parc-asterix/oziris");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Ajouter au plan" }).click();
  await expect(page.getByText("Ajoutée à votre plan", { exact: false })).toBeVisible();
  await page.goto("/fr/parc-asterix");
  const plan = page.locator("#visit-plan");
  await expect(plan.locator("[data-interactive]")).toHaveCount(1);
  await plan.getByRole("button", { name: "Marquer comme faite : OzIris" }).click();
  const dialog = page.getByRole("dialog", { name: "Noter OzIris" });
  await dialog.getByRole("radio", { name: "4 étoiles" }).check({ force: true });
  await dialog.getByRole("radio", { name: "Tout public" }).check({ force: true });
  await dialog.getByRole("button", { name: "Publier mon avis" }).click();
  await expect(dialog).toBeHidden();
  await page.goto("/fr/parc-asterix/oziris");
  await expect(page.getByText(/^Vous l'avez faite 1 fois, la dernière le /)).toBeVisible();

  // Offline in the park: the ride waits on the device and arrives with the network.
  await page.goto("/fr/parc-asterix/goudurix");
  await waitForHydration(page);
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "J'ai fait cette attraction : Goudurix" }).click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Hors ligne : le passage sera envoyé au retour du réseau.")).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText("Hors ligne : le passage sera envoyé au retour du réseau.")).toHaveCount(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !OFFLINE_FAILURE.test(error)));
  await expect(await profileCredits(page)).toHaveText("4 crédits");

  // An import with a line that matches nothing, then undone.
  await page.goto("/fr/profile/ride-log");
  await waitForHydration(page);
  const csv = ["parc;attraction;date", "Europa-Park;Blue Fire Megacoaster;2025-08-01", "Europa-Park;Grand Huit Imaginaire;2025-08-01"].join("\n");
  await page.getByLabel("Fichier CSV", { exact: true }).setInputFiles({ name: "carnet.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Voir l'aperçu" }).click();
  await expect(page.getByText("Ligne 3 : Europa-Park — Grand Huit Imaginaire")).toBeVisible();
  await page.getByRole("button", { name: "Importer les lignes cochées" }).click();
  await expect(page.getByText("1 passage importé.", { exact: false })).toBeVisible();
  await expect(await profileCredits(page)).toHaveText("5 crédits");
  await page.goto("/fr/profile/ride-log");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Annuler l'import du / }).click();
  await expect(page.getByText(/^Import annulé : 1 passage/)).toBeVisible();
  await expect(await profileCredits(page)).toHaveText("4 crédits");

  // The administrator links a relocated ride: the pair is one credit.
  await logOnRidePage(page, `/fr/parc-asterix/${first.slug}`, original);
  await logOnRidePage(page, `/fr/nigloland/${moved.slug}`, `${original} II`);
  await expect(await profileCredits(page)).toHaveText("6 crédits");
  await admin.goto(`/admin/attractions?q=${encodeURIComponent(`${original} II`)}`);
  await admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: `${original} II` }) }).getByRole("link", { name: "Modifier" }).click();
  await admin.getByRole("link", { name: "Continue l'attraction…" }).click();
  await waitForHydration(admin);
  await admin.getByLabel("Rechercher l'attraction qu'elle continue, dans les autres parcs").fill(original);
  await admin.getByRole("button", { name: "Rechercher" }).click();
  await admin
    .getByRole("table", { name: "Attractions des autres parcs" })
    .getByRole("row")
    .filter({ has: admin.getByRole("rowheader", { name: original, exact: true }) })
    .getByRole("button", { name: "Choisir" })
    .click();
  await expect(admin.getByText(`Continue : ${original} (Parc Astérix)`)).toBeVisible();
  await admin.close();
  await expect(await profileCredits(page)).toHaveText("5 crédits");

  // Another member sees the credits only once they are shown.
  const other = await browser.newPage({ baseURL });
  await other.goto(`/fr/profile/${member.id}`);
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(other.getByRole("region", { name: /^Carnet de/ })).toHaveCount(0);
  expect((await other.goto(`/fr/profile/${member.id}/ride-log`))!.status()).toBe(404);
  await expect(other.getByText("Ce carnet n'est pas public.")).toBeVisible();
  await page.goto("/fr/profile/ride-log");
  await waitForHydration(page);
  await settings(page).getByLabel("Tout le monde voit mes crédits").check();
  await settings(page).getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Réglages enregistrés")).toBeVisible();
  await other.goto(`/fr/profile/${member.id}`);
  const shown = other.getByRole("region", { name: `Carnet de ${member.username}` });
  await expect(shown.locator("[data-credits]")).toHaveText("5 crédits");
  await shown.getByRole("link", { name: `Voir le carnet de ${member.username}` }).click();
  await expect(other.getByRole("heading", { level: 1, name: `Carnet de ${member.username}` })).toBeVisible();
  await expect(other.locator("[data-credits]")).toHaveText("5 crédits");
  await expectAccessible(other);
  await other.close();
});
