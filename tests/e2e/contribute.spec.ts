import crypto from "node:crypto";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { pngPhoto } from "./support/png-photo";
import { openAddRideForm } from "./support/add-ride-form";


const unique = () => crypto.randomBytes(3).toString("hex");

test.describe("Ajouter un parc (docs/rules/catalogue.md#adding-a-park)", () => {
  test("a visitor is sent to the login page", async ({ page }) => {
    await page.goto("/fr/contribute");
    await expect(page).toHaveURL(/\/fr\/login$/);
  });

  test("a visitor's forged submissions are sent to the login page and create nothing", async ({ page, baseURL, signInAsNewMember }) => {
    const name = `Parc Anonyme ${unique()}`;
    const origin = new URL(baseURL!).origin;
    const park = await page.request.post("/fr/contribute", {
      headers: { origin },
      multipart: { name, region: "Oise", country: "France", descriptionFr: "Sans compte." },
      maxRedirects: 0,
    });
    expect(park.status()).toBe(302);
    expect(park.headers().location).toBe("/fr/login");
    const ride = await page.request.post("/fr/nigloland?intent=add-attraction", {
      headers: { origin },
      multipart: { name, type: "show" },
      maxRedirects: 0,
    });
    expect(ride.status()).toBe(302);
    await signInAsNewMember();
    expect(await (await page.request.get(`/api/park-name?name=${encodeURIComponent(name)}`)).json()).toEqual({ exists: false });
    await page.goto("/fr/nigloland");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  });

  test("every rule answers with its message, and a known name is flagged live", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/contribute");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Ajouter un parc" })).toBeVisible();
    await page.getByLabel("Année d'ouverture").fill("1700");
    await page.getByLabel("Prix adulte (€)").fill("0");
    await page.getByRole("button", { name: "Ajouter le parc" }).click();
    for (const message of [
      "Le nom du parc est requis",
      "La région est requise",
      "Le pays est requis",
      "Au moins une description (FR ou EN) est requise",
      `L'année d'ouverture doit être entre 1800 et ${new Date().getFullYear()}`,
      "Le prix doit être supérieur à 0",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Nom du parc").fill("parc astérix");
    await expect(page.getByText("Ce parc existe déjà", { exact: true })).toBeVisible();
    await expect(page.getByText("Ce parc existe déjà dans la base de données")).toBeVisible();
    await expectAccessible(page);
  });

  test("a park's location: half a pair is refused with its message, the pair is kept", async ({ page, browser, baseURL, signInAsNewMember }) => {
    const name = `Parc Situé ${unique()}`;
    await signInAsNewMember();
    await page.goto("/fr/contribute");
    await waitForHydration(page);
    await page.getByLabel("Nom du parc").fill(name);
    await page.getByLabel("Pays").fill("France");
    await page.getByLabel("Région").fill("Oise");
    await page.getByLabel("Description (FR)").fill("Un parc placé sur la carte par un test de bout en bout.");
    await expect(page.getByText("Degrés décimaux, par exemple 48,8722 et 2,7758")).toBeVisible();
    const latitude = page.getByLabel("Latitude");
    // A text keyboard: a phone's decimal keypad may have no minus sign for western longitudes.
    await expect(latitude).not.toHaveAttribute("inputmode", "decimal");
    await latitude.fill("49,1341");
    await page.getByRole("button", { name: "Ajouter le parc" }).click();
    await expect(page.getByText("Indiquez la latitude et la longitude, ou aucune des deux.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Longitude")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await page.getByLabel("Longitude").fill("2,5708");
    await page.getByRole("button", { name: "Ajouter le parc" }).click();
    await expect(page).toHaveURL(/\/fr\/?$/);

    // Kept: the administrator's edit form shows the pending park's location.
    const admin = await browser.newPage();
    await signIn(admin, baseURL!, DEMO_ADMIN);
    await admin.goto(`/admin/parks?q=${encodeURIComponent(name)}`);
    await admin.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Modifier" }).click();
    await expect(admin.getByLabel("Latitude")).toHaveValue("49.1341");
    await expect(admin.getByLabel("Longitude")).toHaveValue("2.5708");
    await admin.close();
  });

  test("a member's park with a photo is pending: listed for its author, hidden from others", async ({ page, browser, signInAsNewMember }) => {
    const name = `Parc Contribué ${unique()}`;
    await signInAsNewMember();
    await page.goto("/fr/contribute");
    await waitForHydration(page);
    await page.getByLabel("Nom du parc").fill(name);
    await page.getByLabel("Pays").fill("France");
    await page.getByLabel("Région").fill("Bretagne");
    await page.getByLabel("Description (FR)").fill("Un parc ajouté par un test de bout en bout.");
    await page.getByLabel("Prix adulte (€)").fill("39.50");
    await page.getByLabel(/Image principale/).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await pngPhoto() });
    const submit = page.getByRole("button", { name: "Ajouter le parc" });
    await submit.click();
    await expect(page).toHaveURL(/\/fr\/?$/);
    const pending = page.getByRole("region", { name: "Vos contributions en attente de modération" });
    // The member's only contribution.
    await expect(pending.getByRole("listitem")).toHaveCount(1);
    await expect(pending.getByRole("link", { name })).toBeVisible();
    await pending.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Ce parc est en attente de modération")).toBeVisible();
    const hero = page.locator("header img");
    await expect(hero).toBeVisible();
    // Visible is not loaded: on a busy machine the picture's bytes may still be on their way.
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const parkUrl = page.url();
    await expectAccessible(page);

    const visitor = await browser.newPage();
    const response = await visitor.goto(parkUrl);
    expect(response?.status()).toBe(404);
    await expect(visitor.getByText("Parc non trouvé")).toBeVisible();
    await visitor.close();
  });

  test("a 12 MB file is refused in the browser, and by the server when sent anyway", async ({ page, baseURL, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/contribute");
    await waitForHydration(page);
    const big = Buffer.alloc(12 * 1024 * 1024, 0xff);
    await page.getByLabel(/Image principale/).setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
    await expect(page.getByText("L'image ne doit pas dépasser 10MB")).toBeVisible();

    const response = await page.request.post("/fr/contribute", {
      headers: { origin: new URL(baseURL!).origin },
      multipart: {
        name: `Parc Trop Lourd ${unique()}`,
        region: "Oise",
        country: "France",
        descriptionFr: "Trop lourd.",
        image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: big },
      },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("L&#x27;image ne doit pas dépasser 10MB");
  });

  test("an SVG is refused with a clear message and nothing is created", async ({ page, signInAsNewMember }) => {
    const name = `Parc Vectoriel ${unique()}`;
    await signInAsNewMember();
    await page.goto("/fr/contribute");
    await waitForHydration(page);
    await page.getByLabel("Nom du parc").fill(name);
    await page.getByLabel("Pays").fill("France");
    await page.getByLabel("Région").fill("Oise");
    await page.getByLabel("Description (FR)").fill("Un logo n'est pas une photo.");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await page.getByLabel(/Image principale/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: svg });
    await page.getByRole("button", { name: "Ajouter le parc" }).click();
    await expect(page.getByText(/Seules les images/)).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/contribute$/);
    await page.goto("/fr");
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  });
});

test.describe("adding an attraction on a park page (Nigloland: no other test reads its list)", () => {
  test("a visitor is invited to log in", async ({ page }) => {
    await page.goto("/fr/parc-asterix");
    await expect(page.getByRole("link", { name: "Connectez-vous pour ajouter une attraction" })).toBeVisible();
  });

  test("a member's attraction shows in their list as pending, not in a visitor's", async ({ page, browser, signInAsNewMember }) => {
    const name = `Tonnerre ${unique()}`;
    await signInAsNewMember();
    await page.goto("/fr/nigloland");
    await waitForHydration(page);
    const form = await openAddRideForm(page);
    await expect(form.getByLabel("Nom de l'attraction")).toBeFocused();
    await expect(page).toHaveURL(/\/fr\/nigloland$/);
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText("Le nom de l'attraction est requis")).toBeVisible();
    await expect(form.getByText("Le type d'attraction est requis")).toBeVisible();
    await form.getByLabel("Nom de l'attraction").fill(name);
    await form.getByLabel("Type").selectOption("roller_coaster");
    await form.getByLabel("Hauteur (m)").fill("40.25");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText("Une décimale au maximum")).toBeVisible();
    await form.getByLabel("Hauteur (m)").fill("40.5");
    await form.getByLabel("Durée (secondes)").fill("95");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText(`Merci ! « ${name} » est en attente de modération`)).toBeVisible();
    await expect(form.getByLabel("Nom de l'attraction")).toHaveValue("");
    const card = page.getByRole("link", { name: new RegExp(name) });
    await expect(card).toContainText("En attente de modération");
    await expectAccessible(page);

    const visitor = await browser.newPage();
    await visitor.goto("/fr/nigloland");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
    await visitor.close();
  });

  test("the form is folded: a member's park page carries a link, not its fields", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    const html = await (await page.request.get("/fr/nigloland")).text();
    expect(html).toContain('href="?nouvelle-attraction#add-attraction-form"');
    expect(html).not.toContain('name="capacityPerHour"');
  });

  test("without JavaScript, the link opens the form on its own address and a posted form comes back with its answer", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR" });
    const page = await context.newPage();
    await signIn(page, baseURL!, member.email, member.password);
    // Thorpe Park, which no other test writes to.
    await page.goto("/fr/thorpe-park");
    const form = await openAddRideForm(page);
    await expect(page).toHaveURL(/\/fr\/thorpe-park\?nouvelle-attraction#add-attraction-form$/);
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText("Le nom de l'attraction est requis")).toBeVisible();
    const name = `Sans script ${unique()}`;
    await form.getByLabel("Nom de l'attraction").fill(name);
    await form.getByLabel("Type").selectOption("water_ride");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText(`Merci ! « ${name} » est en attente de modération`)).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(name) })).toContainText("En attente de modération");
    await context.close();
  });

  test("the administrator's attraction is published at once", async ({ page, baseURL, browser }) => {
    const name = `Éclair ${unique()}`;
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/fr/nigloland");
    await waitForHydration(page);
    const form = await openAddRideForm(page);
    await form.getByLabel("Nom de l'attraction").fill(name);
    await form.getByLabel("Type").selectOption("flat_ride");
    await form.getByRole("button", { name: "Ajouter l'attraction" }).click();
    await expect(form.getByText(`« ${name} » a été ajoutée et publiée.`)).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto("/fr/nigloland");
    await expect(visitor.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    await visitor.close();
  });
});
