import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { expect, expectAccessible, giveParkReview, test, waitForHydration } from "./support/fixtures";

test.describe("Gestion des utilisateurs", () => {
  test("a member suspended from /admin/users is signed out at their next request, then reactivated", async ({ page, browser, baseURL, createMember }) => {
    const member = await createMember();
    // The member's own browser, signed in on their account page.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, baseURL!, member.email, member.password);
    await memberPage.goto("/fr/account");
    await expect(memberPage).toHaveURL(/\/fr\/account$/);

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto(`/admin/users?q=${member.username}`);
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des utilisateurs" })).toBeVisible();
    await waitForHydration(page);
    const row = page.getByRole("row", { name: new RegExp(member.username) }).first();
    await expect(row.getByRole("link", { name: member.email })).toHaveAttribute("href", `mailto:${member.email}`);
    await expect(row).toContainText("Actif");

    await row.getByRole("button", { name: "Suspendre" }).click();
    const reason = page.getByLabel("Raison de la suspension");
    const confirm = page.getByRole("button", { name: "Confirmer la suspension" });
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);
    await reason.fill("Spam répété (e2e)");
    await confirm.click();
    await expect(row).toContainText("Suspendu");
    await expect(row).toContainText("Spam répété (e2e)");
    await expect(reason).toBeHidden();

    // Their open session ended with the suspension: the next request finds them signed out.
    await memberPage.goto("/fr/account");
    await expect(memberPage).toHaveURL(/\/fr\/login/);
    await memberContext.close();

    await row.getByRole("button", { name: "Réactiver" }).click();
    await expect(row).toContainText("Actif");
    await expect(row.getByRole("button", { name: "Suspendre" })).toBeVisible();
  });

  test("a member deleted through the dialog with the keyboard: their review is gone from /admin/ratings", async ({ page, baseURL, createMember }) => {
    const member = await createMember();
    const comment = `Avis à supprimer ${member.username}`;
    await giveParkReview(member, "efteling", { theming: "4", visitDuration: "full_day", comment });
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto(`/admin/ratings?q=${member.username}`);
    await expect(page.getByRole("cell", { name: comment })).toBeVisible();

    await page.goto(`/admin/users?q=${member.username}`);
    await waitForHydration(page);
    const row = page.getByRole("row", { name: new RegExp(member.username) }).first();
    const remove = row.getByRole("button", { name: "Supprimer" });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirmer la suppression" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(member.username);
    await expect(dialog).toContainText("irréversible");
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
    await expectAccessible(page);

    // Escape cancels: nothing deleted, focus back on the button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(row).toBeVisible();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Supprimer définitivement" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Aucun utilisateur trouvé")).toBeVisible();

    await page.goto(`/admin/ratings?q=${member.username}`);
    await expect(page.getByText("Aucun avis trouvé")).toBeVisible();
  });

  test("the administrator's own row offers no suspension nor deletion; the screen reads in English too", async ({ page, baseURL, context }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(DEMO_ADMIN)}`);
    const row = page.getByRole("row", { name: new RegExp(DEMO_ADMIN) }).first();
    await expect(row).toContainText("Compte administrateur");
    await expect(row.getByRole("button")).toHaveCount(0);
    await expectAccessible(page);

    // The choice lives in the cookie and its localStorage mirror (root.tsx): both say English.
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    await page.evaluate(() => window.localStorage.setItem("lang", "en"));
    await page.goto("/admin/users?status=active");
    await expect(page.getByRole("heading", { level: 1, name: "User management" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Joined on" })).toBeVisible();
    await expectAccessible(page);
  });
});
