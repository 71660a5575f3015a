import crypto from "node:crypto";
import {
  approveParkAsAdmin,
  contributePark,
  expect,
  expectAccessible,
  giveRideReview,
  test,
  waitForHydration,
} from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { openAddRideForm } from "./support/add-ride-form";

/**
 * A ride's manufacturer end to end (decision 0052): a member adds a ride with its maker and model, then
 * suggests another maker and model; the administrator approves both; the ride page and the maker's page
 * show it in French and English, the rankings filtered by that maker list it, and the API returns it.
 * The park and the ride are the test's own; no other test names Zierer's rides.
 */
const tag = () => crypto.randomBytes(3).toString("hex");

test("a ride's manufacturer goes from the member's forms through the administrator to its pages, the rankings and the API", async ({
  page: admin,
  browser,
  baseURL,
  createMember,
  request,
}) => {
  const author = await createMember();
  const parkName = `Parc Constructeurs ${tag()}`;
  const park = await contributePark(author, { name: parkName, descriptionFr: "Un parc de test." });
  await approveParkAsAdmin(park.id);
  const memberContext = await browser.newContext({ locale: "fr-FR", baseURL });
  const page = await memberContext.newPage();
  await signIn(page, baseURL!, author.email, author.password);
  await signIn(admin, baseURL!, DEMO_ADMIN);

  // 1. The member adds a ride with its maker and model on the park page.
  const rideName = `Bobsleigh ${tag()}`;
  await page.goto(`/fr/${park.slug}`);
  await waitForHydration(page);
  const form = await openAddRideForm(page);
  await form.getByLabel("Nom de l'attraction").fill(rideName);
  await form.getByLabel("Type").selectOption("roller_coaster");
  await form.getByLabel("Constructeur").selectOption({ label: "Gerstlauer" });
  await form.getByLabel("Modèle").fill("Bobsled Coaster");
  await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
  await expect(form.getByText(`Merci ! « ${rideName} » est en attente de modération`)).toBeVisible();

  // 2. The administrator approves it.
  await admin.goto(`/admin/attractions?q=${encodeURIComponent(rideName)}`);
  await waitForHydration(admin);
  const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: rideName }) });
  await row.getByRole("button", { name: "Approuver" }).click();
  await expect(row).toContainText("Approuvé");

  const ridePath = `/${park.slug}/${rideName.toLowerCase().replace(" ", "-")}`;
  await page.goto(`/fr${ridePath}`);
  await expect(page.getByRole("link", { name: "Gerstlauer" })).toHaveAttribute("href", "/fr/manufacturers/gerstlauer");
  await expect(page.getByText("Bobsled Coaster")).toBeVisible();

  // 3. The member suggests another maker and model from the ride page's dialog; the administrator approves it.
  await waitForHydration(page);
  await page.getByRole("link", { name: "Suggérer des modifications", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Suggérer des modifications : ${rideName}` });
  await expect(dialog.getByLabel("Constructeur")).toHaveValue("gerstlauer");
  await expect(dialog.getByLabel("Modèle")).toHaveValue("Bobsled Coaster");
  await dialog.getByLabel("Constructeur").selectOption({ label: "Zierer" });
  await dialog.getByLabel("Modèle").fill("Tivoli");
  await dialog.getByLabel("Raison de vos modifications").fill("Plaque du constructeur à l'entrée");
  await dialog.getByRole("button", { name: "Envoyer la suggestion" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Merci ! Votre suggestion a été envoyée." })).toBeVisible();

  await admin.goto("/admin/suggestions");
  await waitForHydration(admin);
  const card = admin.getByRole("rowgroup").filter({ has: admin.getByRole("rowheader", { name: `Modification proposée pour ${rideName}` }) });
  await card.getByRole("button", { name: "Voir les modifications" }).click();
  await expect(card.getByText("Chargement...")).toHaveCount(0);
  const changes = card.getByRole("table");
  await expect(changes.getByRole("row", { name: /Constructeur/ })).toContainText("Gerstlauer");
  await expect(changes.getByRole("row", { name: /Constructeur/ })).toContainText("Zierer");
  await expect(changes.getByRole("row", { name: /Modèle/ })).toContainText("Tivoli");
  await card.getByRole("button", { name: "Approuver" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Suggestion approuvée" })).toBeVisible();
  await memberContext.close();

  // 4. A visitor reads the ride page and the maker's page, in French then in English.
  await giveRideReview(author, ridePath.slice(1), { rating: "5", audienceType: "thrill" });
  const visitorContext = await browser.newContext({ locale: "fr-FR", baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/fr${ridePath}`);
  const characteristics = visitor.getByRole("region", { name: "Caractéristiques" });
  await expect(characteristics.getByText("Constructeur")).toBeVisible();
  await expect(characteristics.getByText("Tivoli")).toBeVisible();
  await expect(visitor.getByText("Gerstlauer")).toHaveCount(0);
  await expectAccessible(visitor);
  await characteristics.getByRole("link", { name: "Zierer" }).click();
  await expect(visitor).toHaveURL(/\/fr\/manufacturers\/zierer$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Zierer");
  await expect(visitor.getByText("Constructeur d'attractions · Allemagne")).toBeVisible();
  const listed = visitor.getByRole("listitem").filter({ has: visitor.getByRole("link", { name: rideName }) });
  await expect(listed).toContainText(parkName);
  await expect(listed).toContainText("Tivoli");
  await expect(visitor).toHaveTitle(/^Zierer, constructeur d'attractions/);
  await expect(visitor.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/en\/manufacturers\/zierer$/);
  await expectAccessible(visitor);

  await visitor.goto(`/en${ridePath}`);
  const english = visitor.getByRole("region", { name: "Characteristics" });
  await expect(english.getByText("Manufacturer")).toBeVisible();
  await expect(english.getByText("Model")).toBeVisible();
  await english.getByRole("link", { name: "Zierer" }).click();
  await expect(visitor).toHaveURL(/\/en\/manufacturers\/zierer$/);
  await expect(visitor.getByText("Ride manufacturer · Germany")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Its rides" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: rideName })).toBeVisible();

  // 5. The rankings filtered by the maker list the ride.
  await visitor.goto("/fr/rankings");
  await waitForHydration(visitor);
  await visitor.getByLabel("Constructeur").selectOption({ label: "Zierer" });
  await visitor.getByRole("button", { name: "Afficher" }).click();
  await expect(visitor).toHaveURL(/\/fr\/rankings\?manufacturer=zierer$/);
  const ranking = visitor.getByRole("table", { name: "Meilleures attractions : Zierer" });
  await expect(ranking.getByRole("link", { name: rideName })).toBeVisible();
  await expectAccessible(visitor);
  await visitorContext.close();

  // 6. The API returns the maker and the model.
  const rides = (await (await request.get("/api/v1/manufacturers/zierer/rides")).json()) as {
    data: Array<{ id: string; name: string; model: string | null; manufacturer: { slug: string; name: string } | null }>;
  };
  const ride = rides.data.find((item) => item.name === rideName)!;
  expect(ride).toMatchObject({ model: "Tivoli", manufacturer: { slug: "zierer", name: "Zierer" } });
  const detail = (await (await request.get(`/api/v1/rides/${ride.id}`)).json()) as object;
  expect(detail).toMatchObject({ name: rideName, model: "Tivoli", manufacturer: { slug: "zierer", name: "Zierer" } });
});
