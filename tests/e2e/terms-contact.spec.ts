import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

test.describe("terms", () => {
  test("have six sections in French and in English", async ({ page }) => {
    await page.goto("/fr/terms");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "1. Acceptation des conditions",
      "2. Licence d'utilisation",
      "3. Licence sur le contenu des utilisateurs",
      "4. Exactitude des informations",
      "5. Modifications",
      "6. Contact",
      "Informations",
      "Nous suivre",
    ]);
    await expectAccessible(page);
    await page.goto("/en/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
    await expect(page.locator("article h2")).toHaveCount(6);
  });

  test("say under which licences the catalogue may be reused through the API, keep members' reviews and photos theirs, and link the contact page", async ({ page }) => {
    await page.goto("/fr/terms");
    const licence = page.getByRole("region", { name: "2. Licence d'utilisation" });
    await expect(licence).toContainText("Open Database License (ODbL 1.0)");
    await expect(licence).toContainText("CC BY-SA 4.0");
    await expect(licence).toContainText("Citez « Parcours » avec un lien vers le site");
    await expect(licence).toContainText("L'aspiration des pages du site (robots, extraction automatique) reste interdite");
    await expect(licence).toContainText("Les avis, les commentaires et les photos des membres ne sont pas couverts par ces licences");
    // The old clause contradicted the public API.
    await expect(page.locator("article")).not.toContainText("extraction massive");
    await expect(licence.getByRole("link", { name: "Texte de la licence ODbL 1.0" })).toHaveAttribute("href", "https://opendatacommons.org/licenses/odbl/1-0/");
    await licence.getByRole("link", { name: "Documentation de l'API publique" }).click();
    await expect(page).toHaveURL(/\/fr\/api$/);
    await expect(page.getByText("Open Database License (ODbL 1.0)")).toBeVisible();

    await page.goto("/fr/terms");
    await page.getByRole("region", { name: "6. Contact" }).getByRole("link", { name: "Page de contact" }).click();
    await expect(page).toHaveURL(/\/fr\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.goto("/en/terms");
    await expect(page.getByRole("region", { name: "2. Licence of use" })).toContainText("Scraping the site's pages (robots, automated extraction) remains forbidden");
    await expect(page.getByRole("region", { name: "6. Contact" }).getByRole("link", { name: "Contact page" })).toHaveAttribute("href", "/en/contact");
  });
});

test.describe("contact", () => {
  test("shows each message of the rules for missing or invalid fields", async ({ page }) => {
    await page.goto("/fr/contact");
    await waitForHydration(page);
    await expect(page.getByText("Nous vous répondons sous 48 heures ouvrées.")).toBeVisible();
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Le nom est requis")).toBeVisible();
    await expect(page.getByText("Adresse email invalide")).toBeVisible();
    await expect(page.getByText("Le sujet est requis")).toBeVisible();
    await expect(page.getByText("Le message est requis")).toBeVisible();
    await expect(page.getByLabel("Nom")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.getByLabel("Email").fill("pas-une-adresse");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Adresse email invalide")).toBeVisible();
  });

  test("opens the mail client with subject and body, without calling the server", async ({ page }) => {
    await page.goto("/fr/contact");
    await waitForHydration(page);
    const serverCalls: string[] = [];
    page.on("request", (request) => {
      // The form's rules are a script chunk loaded on first focus: static assets carry nothing of the message. Nor
      // does React Router's route discovery (`/__manifest?paths=…`, the links' addresses), which runs when links are
      // hydrated — the deferred footer's may be after the form was sent, as a run on a loaded machine saw.
      const { pathname } = new URL(request.url());
      if (!request.url().startsWith("mailto:") && !pathname.startsWith("/assets/") && pathname !== "/__manifest") serverCalls.push(request.url());
    });
    await page.getByLabel("Nom").fill("Marie");
    await page.getByLabel("Email").fill("marie@example.com");
    await page.getByLabel("Sujet").fill("Horaires de Nigloland");
    await page.getByLabel("Message").fill("Bonjour, les horaires sont-ils à jour ?");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Votre client email va s'ouvrir avec votre message prêt à être envoyé.")).toBeVisible();
    const href = await page.getByRole("link", { name: "Ouvrir mon client email" }).getAttribute("href");
    const mailto = new URL(href!);
    expect(mailto.protocol).toBe("mailto:");
    expect(mailto.searchParams.get("subject")).toBe("Horaires de Nigloland");
    expect(mailto.searchParams.get("body")).toContain("Bonjour, les horaires sont-ils à jour ?");
    expect(mailto.searchParams.get("body")).toContain("marie@example.com");
    expect(serverCalls).toEqual([]);
  });
});
