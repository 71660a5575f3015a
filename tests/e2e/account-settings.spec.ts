import crypto from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, findReview, giveParkReview, test, waitForHydration } from "./support/fixtures";

// Every test here works on a member of its own (fixtures.ts), whose review comes from the
// fixture endpoint: the park form is ratings.spec's subject.
const unique = () => crypto.randomBytes(3).toString("hex");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Navigation principale" });

test.describe("account settings", () => {
  test("a visitor is sent to the login page", async ({ page }) => {
    await page.goto("/fr/account");
    await expect(page).toHaveURL(/\/fr\/login$/);
  });

  test("change the username (seen in the header) and export a JSON file holding the member's review", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    const comment = `Une journée parfaite ${unique()}`;
    await giveParkReview(member, "efteling", { theming: "4", visitDuration: "full_day", comment });

    await page.goto("/fr/account");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await expect(page.getByText(`Adresse actuelle : ${member.email}`)).toBeVisible();
    await expect(page.locator("[data-session-id]", { hasText: "Cet appareil" })).toContainText("Chrome sur Windows");
    await expectAccessible(page);

    const usernameSection = page.getByRole("region", { name: "Nom d'utilisateur" });
    await usernameSection.getByLabel("Nom d'utilisateur").fill("ab");
    await usernameSection.getByRole("button", { name: "Changer de nom d'utilisateur" }).click();
    await expect(usernameSection.getByText("Le nom d'utilisateur doit contenir au moins 3 caractères")).toBeVisible();
    const renamed = `Renamed_${unique()}`;
    await usernameSection.getByLabel("Nom d'utilisateur").fill(renamed);
    await usernameSection.getByRole("button", { name: "Changer de nom d'utilisateur" }).click();
    await expect(usernameSection.getByText(`Votre nom d'utilisateur est maintenant ${renamed}.`)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: `Mon compte : ${renamed}` })).toHaveText(renamed);
    await expectAccessible(page);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Télécharger mes données (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^parcours-export-${renamed}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(exported.profile).toMatchObject({ username: renamed, email: member.email });
    expect(exported.parkRatings).toEqual([expect.objectContaining({ comment, park_name: "Efteling", theming_rating: 4 })]);
  });

  test("delete the account: signed out, the review is gone, the login is refused", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    const comment = `Avis bientôt supprimé ${unique()}`;
    await giveParkReview(member, "liseberg", { theming: "4", visitDuration: "full_day", comment });
    await page.goto("/fr/liseberg");
    await page.getByText(/^Voir les \d+ autres avis$/).click();
    await expect(page.locator("[data-review-id]", { hasText: comment })).toBeVisible();

    await page.goto("/fr/account");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Supprimer mon compte" });
    await section.getByText("Je veux supprimer mon compte").click();
    await section.getByLabel(`Pour confirmer, saisissez votre nom d'utilisateur : ${member.username}`).fill("quelqu_un");
    await section.getByLabel("Mot de passe actuel").fill(member.password);
    await section.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await expect(section.getByText("Le nom d'utilisateur saisi ne correspond pas")).toBeVisible();
    await expectAccessible(page);

    await section.getByLabel(`Pour confirmer, saisissez votre nom d'utilisateur : ${member.username}`).fill(member.username);
    await section.getByLabel("Mot de passe actuel").fill(member.password);
    await section.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await expect(page).toHaveURL(/\/fr\/\?account=deleted$/);
    await expect(page.getByText("Votre compte a été supprimé. Merci d'avoir contribué à Parcours.")).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Connexion" })).toBeVisible();

    await page.goto("/fr/liseberg");
    // On no page of the park's reviews, not only off the first five.
    await findReview(page, comment);
    await expect(page.locator("[data-review-id]", { hasText: comment })).toHaveCount(0);

    await page.goto("/fr/login");
    await waitForHydration(page);
    await page.getByLabel("Email").first().fill(member.email);
    await page.getByLabel("Mot de passe").fill(member.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect");
  });
});
