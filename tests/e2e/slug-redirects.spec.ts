import crypto from "node:crypto";
import { contributeRide, contributePark, expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/**
 * A renamed park or ride keeps answering at its old address (decision 0019): the
 * back office's rename moves the address, the old one answers 301 to the new
 * one in the same language, with its query. The administrator is the subject
 * (only they rename here); the park and ride are the test's own.
 */
test("renamed in the back office, a park and its ride answer at their old addresses with a permanent redirect", async ({ page, baseURL, createMember }) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const member = await createMember();
  const park = await contributePark(member, `E2E Ancien parc ${tag}`);
  const ride = await contributeRide(member, park.slug, { name: `Ancien manège ${tag}`, type: "dark_ride", descriptionFr: "Un voyage dans le noir" });
  expect(park.slug).toBe(`e2e-ancien-parc-${tag}`);
  expect(ride.slug).toBe(`ancien-manege-${tag}`);

  await signIn(page, baseURL!, DEMO_ADMIN);
  const origin = { origin: new URL(baseURL!).origin };
  expect((await page.request.post("/admin/parks", { form: { intent: "approve", id: park.id }, headers: origin })).ok()).toBe(true);
  expect((await page.request.post("/admin/attractions", { form: { intent: "approve", id: ride.id }, headers: origin })).ok()).toBe(true);

  // The park, then the ride, renamed through their edit forms.
  await page.goto(`/admin/parks?edit=${park.id}`);
  await waitForHydration(page);
  await page.getByLabel("Nom du parc").fill(`E2E Nouveau parc ${tag}`);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).not.toHaveURL(/edit=/);
  await page.goto(`/admin/attractions?edit=${ride.id}`);
  await waitForHydration(page);
  await page.getByLabel("Nom de l'attraction").fill(`Nouveau manège ${tag}`);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gestion des attractions" })).toBeVisible();

  const newPark = `e2e-nouveau-parc-${tag}`;
  const newRide = `nouveau-manege-${tag}`;
  // Unprefixed, the language is the browser's (French here); a prefixed address keeps its prefix.
  for (const [old, location] of [
    [`/${park.slug}`, `/fr/${newPark}`],
    [`/fr/${park.slug}?sort=name`, `/fr/${newPark}?sort=name`],
    [`/en/${park.slug}`, `/en/${newPark}`],
    [`/en/${park.slug}/${ride.slug}`, `/en/${newPark}/${newRide}`],
    [`/fr/${newPark}/${ride.slug}`, `/fr/${newPark}/${newRide}`],
    [`/fr/${park.slug}/${newRide}`, `/fr/${newPark}/${newRide}`],
  ] as const) {
    const response = await page.request.get(old, { maxRedirects: 0 });
    expect(response.status(), old).toBe(301);
    expect(response.headers()["location"], old).toBe(location);
  }
  expect((await page.request.get(`/fr/e2e-jamais-${tag}`, { maxRedirects: 0 })).status()).toBe(404);

  await page.goto(`/en/${park.slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/${newPark}$`));
  await expect(page.getByRole("heading", { level: 1, name: `E2E Nouveau parc ${tag}` })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/fr/${park.slug}/${ride.slug}`);
  await expect(page).toHaveURL(new RegExp(`/fr/${newPark}/${newRide}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Nouveau manège ${tag}` })).toBeVisible();
  await expectAccessible(page);
});
