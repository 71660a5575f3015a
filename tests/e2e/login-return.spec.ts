import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import type { TestMember } from "./support/fixtures";

async function signInOnLoginPage(page: Page, member: TestMember) {
  await waitForHydration(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Se connecter" }) });
  await form.getByLabel("Email").fill(member.email);
  await form.getByLabel("Mot de passe").fill(member.password);
  await form.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("login prompts", () => {
  test("'Connectez-vous pour donner votre avis' brings the visitor back to the park's review form once signed in", async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto("/fr/parc-asterix");
    const prompts = {
      review: page.getByRole("link", { name: "Connectez-vous pour donner votre avis" }),
      suggest: page.getByRole("link", { name: "Connectez-vous pour suggérer des modifications" }),
      add: page.getByRole("link", { name: "Connectez-vous pour ajouter une attraction" }),
      vote: page.getByRole("link", { name: "Connectez-vous pour voter" }).first(),
    };
    await expect(prompts.suggest).toHaveAttribute("href", "/fr/login?redirectTo=%2Ffr%2Fparc-asterix%23about");
    await expect(prompts.add).toHaveAttribute("href", "/fr/login?redirectTo=%2Ffr%2Fparc-asterix%23add-attraction-form");
    await expect(prompts.vote).toHaveAttribute("href", "/fr/login?redirectTo=%2Ffr%2Fparc-asterix%23park-reviews");

    await prompts.review.click();
    await expect(page).toHaveURL("/fr/login?redirectTo=%2Ffr%2Fparc-asterix%23review-form");
    await signInOnLoginPage(page, member);
    await expect(page).toHaveURL("/fr/parc-asterix#review-form");
    const form = page.getByRole("region", { name: "Votre avis sur le parc" });
    await expect(form).toBeVisible();
    await expect(page.locator("#review-form")).toBeInViewport();
  });

  test("the login page sends nobody to another site, whatever its redirectTo says", async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto(`/fr/login?redirectTo=${encodeURIComponent("https://evil.example/fr/parc-asterix")}`);
    await signInOnLoginPage(page, member);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/fr\/?$/);
  });
});
