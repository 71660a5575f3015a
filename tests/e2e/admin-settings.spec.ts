import { contributePark, expect, expectAccessible, runNotificationJob, test, waitForHydration } from "./support/fixtures";
import { waitForMailMatching } from "./support/mail";
import { withSettingsLock } from "./support/settings-lock";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Paramètres" (docs/rules/back-office.md#settings): the two cards save, validate
 * in the browser, and show the saved values after a reload. Other tests run
 * beside this one and read the settings: only the values that change nothing
 * for them while auto-moderation stays off (max reports, the digest) change
 * here, inside the settings lock (support/settings-lock.ts), and the
 * defaults are back before it is released.
 */
test.describe("admin settings", () => {
  test("saves both cards and shows the saved values after a reload; refuses 11 reports in the browser", async ({ page, baseURL }) => {
    await withSettingsLock(async () => {
      await signIn(page, baseURL!, DEMO_ADMIN);
      await page.goto("/admin/settings");
      await waitForHydration(page);
      const general = page.getByRole("region", { name: "Paramètres généraux" });
      const notifications = page.getByRole("region", { name: "Paramètres de notification" });
      await expect(general.getByLabel("Modération automatique")).not.toBeChecked();
      await expect(general.getByLabel("Approbation requise")).toBeChecked();
      await expect(notifications.getByLabel("Quotidien")).toBeChecked();
      await expectAccessible(page);

      const maxReports = general.getByLabel("Signalements avant masquage");
      await maxReports.fill("11");
      await general.getByRole("button", { name: "Enregistrer" }).click();
      await expect(general.getByText("Le nombre de signalements doit être compris entre 1 et 10")).toBeVisible();
      await expect(maxReports).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      try {
        await maxReports.fill("4");
        await general.getByRole("button", { name: "Enregistrer" }).click();
        await expect(general.getByRole("status")).toHaveText("Paramètres enregistrés");

        await notifications.getByLabel("Hebdomadaire").check();
        await notifications.getByLabel("Nouveau signalement").uncheck();
        await notifications.getByRole("button", { name: "Enregistrer" }).click();
        await expect(notifications.getByRole("status")).toHaveText("Paramètres enregistrés");
        await expectAccessible(page);

        await page.reload();
        await waitForHydration(page);
        await expect(maxReports).toHaveValue("4");
        await expect(general.getByLabel("Approbation requise")).toBeChecked();
        await expect(notifications.getByLabel("Hebdomadaire")).toBeChecked();
        await expect(notifications.getByLabel("Nouveau signalement")).not.toBeChecked();
        await expect(notifications.getByLabel("Nouveau parc")).toBeChecked();
      } finally {
        // The defaults again, through the same forms.
        await page.goto("/admin/settings");
        await waitForHydration(page);
        await maxReports.fill("3");
        await general.getByRole("button", { name: "Enregistrer" }).click();
        await expect(general.getByRole("status")).toHaveText("Paramètres enregistrés");
        await notifications.getByLabel("Quotidien").check();
        await notifications.getByLabel("Nouveau signalement").check();
        await notifications.getByRole("button", { name: "Enregistrer" }).click();
        await expect(notifications.getByRole("status")).toHaveText("Paramètres enregistrés");
      }
      await page.reload();
      await expect(maxReports).toHaveValue("3");
      await expect(notifications.getByLabel("Quotidien")).toBeChecked();
    });
  });

  test("a member's new park reaches the administrator in the digest, sent when the job runs at its time", async ({ createMember }) => {
    // In the lock: the digest frequency is the default one while the park is contributed.
    await withSettingsLock(async () => {
      const member = await createMember();
      const name = `Parc Digest ${member.id.slice(0, 8)}`;
      expect(await contributePark(member, name)).toMatchObject({ moderationStatus: "pending" });
      // A week and a day later: the daily digest's period is over.
      const run = await runNotificationJob(new Date(Date.now() + 8 * DAY_MS));
      expect(run.failed).toBe(0);
      const digest = await waitForMailMatching(DEMO_ADMIN, (mail) => mail.text.includes(name));
      expect(digest.subject).toMatch(/^\[Parcours\] Résumé quotidien : \d+ événement\(s\)$/);
      expect(digest.text).toContain(`Nouveau parc « ${name} » proposé par ${member.username}.`);
    });
  });

  test.describe("in English", () => {
    test.use({ locale: "en-US" });

    test("labels both cards in English and passes axe", async ({ page, baseURL }) => {
      await signIn(page, baseURL!, DEMO_ADMIN);
      await page.goto("/admin/settings");
      await expect(page.getByRole("region", { name: "General settings" }).getByLabel("Reports before hiding")).toBeVisible();
      const notifications = page.getByRole("region", { name: "Notification settings" });
      await expect(notifications.getByRole("group", { name: "Frequency" }).getByLabel("Real time")).toBeVisible();
      await expect(notifications.getByRole("button", { name: "Save" })).toBeVisible();
      await expectAccessible(page);
    });
  });
});
