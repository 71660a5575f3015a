import crypto from "node:crypto";
import { contributePark, expect, expectAccessible, logAsModerator, test, waitForHydration } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

const unique = () => crypto.randomBytes(4).toString("hex");

test.describe("admin dashboard (docs/rules/back-office.md#dashboard)", () => {
  test("shows the six counters, lists a member's pending park with its author, and is accessible", async ({ page, baseURL, createMember }) => {
    const member = await createMember();
    const name = `Parc Tableau ${unique()}`;
    const park = await contributePark(member, { name, region: "Bretagne", country: "France", descriptionFr: "Un parc de test." });
    expect(park.moderationStatus).toBe("pending");

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");
    for (const label of [
      "Parcs en attente",
      "Attractions en attente",
      "Suggestions de parcs en attente",
      "Suggestions d'attractions en attente",
      "Membres",
      "Commentaires signalés en attente",
    ]) {
      await expect(page.getByRole("link", { name: new RegExp(`^[\\d\\s\\u202f]+${label}$`) })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /Parcs en attente$/ })).toHaveAttribute("href", "/admin/parks?status=pending");

    const pendingParks = page.getByRole("region", { name: "Parcs en attente" });
    const row = pendingParks.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("cell").first()).toHaveText(member.username);
    await expect(row.getByRole("button", { name: "Approuver" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activité récente" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the reject panel works from the keyboard and posts the reason to the parks screen", async ({ page, baseURL, createMember }) => {
    const member = await createMember();
    const name = `Parc Rejet ${unique()}`;
    const park = await contributePark(member, { name, region: "Alsace", country: "France", descriptionFr: "Un parc de test." });

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin");
    await waitForHydration(page);
    // The park's group of rows: its row, and the reason panel that opens under it.
    const row = page.getByRole("region", { name: "Parcs en attente" }).getByRole("rowgroup").filter({ has: page.getByRole("rowheader", { name }) });
    const reject = row.getByRole("button", { name: "Rejeter" });
    await reject.focus();
    await page.keyboard.press("Enter");
    const reason = row.getByRole("textbox", { name: "Raison du rejet" });
    await expect(reason).toBeFocused();
    const confirm = row.getByRole("button", { name: "Confirmer le rejet" });
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);

    // 'Annuler' closes the panel and gives the focus back to 'Rejeter'.
    await page.keyboard.press("Tab");
    await expect(row.getByRole("button", { name: "Annuler" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(reason).toHaveCount(0);
    await expect(reject).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(reason).toBeFocused();
    await page.keyboard.type("Ce parc existe déjà");
    await expect(confirm).toBeEnabled();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    // What the parks screen's action will receive (app/domain/admin-intents.ts). The action itself is
    // that screen's (its own tests post through this panel); on a branch without it, React Router
    // would refuse the submission before any request, so the form is read rather than sent.
    const form = reason.locator("xpath=ancestor::form");
    await expect(form).toHaveAttribute("action", "/admin/parks");
    await expect(form).toHaveAttribute("method", "post");
    const fields = await form.evaluate((element) => Object.fromEntries(new FormData(element as HTMLFormElement) as unknown as Iterable<[string, string]>));
    expect(fields).toEqual({ intent: "reject", id: park.id, reason: "Ce parc existe déjà" });
  });

  test.describe("in English", () => {
    test.use({ locale: "en-US" });

    test("shows the counters' labels and the pending lists, and is accessible", async ({ page, baseURL, createMember }) => {
      const member = await createMember();
      const name = `Dashboard Park ${unique()}`;
      await contributePark(member, { name, region: "Kent", country: "United Kingdom", descriptionFr: "Un parc de test." });
      await signIn(page, baseURL!, DEMO_ADMIN);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
      for (const label of ["Pending parks", "Pending rides", "Pending park suggestions", "Pending ride suggestions", "Members", "Pending reported comments"]) {
        await expect(page.getByRole("link", { name: new RegExp(`^[\\d\\s,]+${label}$`) })).toBeVisible();
      }
      const row = page.getByRole("region", { name: "Pending parks" }).getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("cell").first()).toHaveText(member.username);
      await expect(row.getByRole("button", { name: "Reject" })).toBeVisible();
      await expectAccessible(page);
    });
  });
});

test.describe("moderation log screen", () => {
  test("lists a moderator's entries, filters them by action and target, and is accessible", async ({ page, baseURL, createMember }) => {
    const moderator = await createMember({ username: `modo_${unique()}` });
    const member = await createMember();
    await logAsModerator(moderator, { action: "update_settings", targetType: "settings", targetId: "general", details: "autoModeration=false, maxReportsBeforeHide=4" });
    await logAsModerator(moderator, { action: "suspend", targetType: "user", targetId: member.id, details: "Messages insultants" });
    await logAsModerator(moderator, { action: "reactivate", targetType: "user", targetId: member.id });
    await logAsModerator(moderator, { action: "delete", targetType: "park", targetId: crypto.randomUUID() });

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto("/admin/log");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal de modération");
    await page.getByRole("searchbox", { name: "Rechercher un modérateur" }).fill(moderator.username);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${moderator.username}`));
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Date", "Modérateur", "Action", "Cible", "Détails"]);
    const rows = table.getByRole("row").filter({ hasText: moderator.username });
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("Suppression");
    await expect(rows.nth(0)).toContainText("(supprimé)");
    await expect(rows.nth(2)).toContainText(`Suspension`);
    await expect(rows.nth(2)).toContainText(member.username);
    await expect(rows.nth(2)).toContainText("Messages insultants");
    // A settings change in words, not code names.
    await expect(rows.nth(3)).toContainText("Paramètres généraux");
    await expect(rows.nth(3)).toContainText("Modération automatique désactivée · Masquage après 4 signalements");
    await expectAccessible(page);

    await page.getByLabel("Action").selectOption({ label: "Suspension" });
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/action=suspend/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Messages insultants");

    await page.getByLabel("Action").selectOption({ label: "Toutes les actions" });
    await page.getByLabel("Cible").selectOption({ label: "Parc" });
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/target=park/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Suppression");

    await page.getByLabel("Cible").selectOption({ label: "Avis" });
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucune entrée trouvée")).toBeVisible();
  });
});
