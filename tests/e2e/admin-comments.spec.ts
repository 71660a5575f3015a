import { expect, expectAccessible, findReview, giveParkReview, reportParkReview, setAutoModeration, test, waitForHydration, type TestMember } from "./support/fixtures";
import { withSettingsLock } from "./support/settings-lock";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

// "Commentaires signalés" (docs/rules/back-office.md#reported-comments) and auto-moderation (docs/rules/quality.md#settings-take-effect). Each test
// works on members and reviews of its own, found in the list through the reporter search.
// Auto-moderation is switched on for as short a time as it needs, inside the settings lock
// (support/settings-lock.ts), and back to its defaults in `finally`; no other test depends on it.

const PARK = "vulcania";

function tagged() {
  return `s${crypto.randomUUID().replaceAll("-", "").slice(0, 7)}`;
}

async function reviewFor(createMember: (options?: { username?: string }) => Promise<TestMember>, tag: string) {
  const author = await createMember({ username: `${tag}_auth` });
  const comment = `Avis signalé ${tag}`;
  await giveParkReview(author, PARK, { theming: "4", visitDuration: "full_day", comment });
  return { author, comment };
}

test("three reports hide a review with auto-moderation on; dismissing them shows it again", async ({ page, browser, baseURL, createMember }) => {
  const tag = tagged();
  const { author, comment } = await reviewFor(createMember, tag);
  const reporters = [await createMember({ username: `${tag}_r1` }), await createMember({ username: `${tag}_r2` }), await createMember({ username: `${tag}_r3` })];
  const review = page.locator("li[data-review-id]", { hasText: comment });

  await page.goto(`/fr/${PARK}`);
  await findReview(page, comment);
  await expect(review).toHaveCount(1);

  await withSettingsLock(async () => {
    await setAutoModeration({ autoModeration: true, maxReportsBeforeHide: 3 });
    try {
      for (const reporter of reporters) await reportParkReview(reporter, PARK, author, "Propos injurieux");
    } finally {
      await setAutoModeration({ reset: true });
    }
  });

  await page.reload();
  await expect(page.getByRole("heading", { name: "Vulcania", level: 1 })).toBeVisible();
  await findReview(page, comment);
  await expect(review).toHaveCount(0);

  // Its author still sees it, marked, and does not think it lost.
  await signIn(page, baseURL!, author.email, author.password);
  // Under load this has failed now and then since it was written, and passes alone: one reload showed her own form
  // but the visitors' list (suspected: the deferred list drawn from the visitors' data before the member's part was
  // applied). Reloaded until it shows, while that race is looked for.
  await expect(async () => {
    await page.reload();
    await expect(review).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(review).toContainText("Avis masqué à la suite de signalements");

  await signIn(page, baseURL!, DEMO_ADMIN);
  await page.goto(`/admin/comments?q=${tag}_r`);
  await waitForHydration(page);
  const rows = page.locator("tr[data-report-id]");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(comment);
  await expect(rows.first()).toContainText("Vulcania");
  await expect(rows.first()).toContainText("Masqué automatiquement");
  await expect(rows.first()).toContainText("En attente");

  for (const reporter of reporters) {
    const row = rows.filter({ hasText: reporter.username });
    await row.getByRole("button", { name: `Traiter le signalement de ${reporter.username}` }).click();
    await page.getByRole("button", { name: "Rejeter" }).click();
    await expect(row).toContainText("Rejeté");
  }
  await expect(rows.filter({ hasText: "Masqué automatiquement" })).toHaveCount(0);

  // Back for everyone: a visitor's page shows it again (the administrator would see it anyway).
  const visitor = await browser.newContext({ locale: "fr-FR" });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/fr/${PARK}`);
    await findReview(visitorPage, comment);
    await expect(visitorPage.locator("li[data-review-id]", { hasText: comment })).toHaveCount(1);
    await expect(visitorPage.locator("li[data-review-id]", { hasText: comment })).not.toContainText("Avis masqué");
  } finally {
    await visitor.close();
  }
});

test("a report resolved with an explanation; 'Résoudre' waits for one; axe clean in French and English", async ({ page, browser, baseURL, createMember }) => {
  const tag = tagged();
  const { author, comment } = await reviewFor(createMember, tag);
  const reporter = await createMember({ username: `${tag}_r1` });
  await reportParkReview(reporter, PARK, author, "Hors sujet");

  await signIn(page, baseURL!, DEMO_ADMIN);
  await page.goto(`/admin/comments?q=${tag}_r1&status=pending`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Gestion des commentaires signalés" })).toBeVisible();
  const row = page.locator("tr[data-report-id]", { hasText: reporter.username });
  await expect(row).toContainText(comment);
  await expect(row).toContainText("Hors sujet");
  await expect(row).toContainText("Parc");
  await expectAccessible(page);

  await row.getByRole("button", { name: `Traiter le signalement de ${reporter.username}` }).click();
  const explanation = page.getByLabel("Résolution");
  await expect(explanation).toHaveAttribute("placeholder", "Expliquez la résolution...");
  const resolve = page.getByRole("button", { name: "Résoudre" });
  await expect(resolve).toBeDisabled();
  await expect(page.getByRole("button", { name: "Annuler" })).toBeEnabled();
  await expectAccessible(page);
  await explanation.fill("   ");
  await expect(resolve).toBeDisabled();
  await explanation.fill("Avis hors sujet, l'auteur a été averti");
  await resolve.click();
  // Resolved: it leaves the pending list; with every status it shows resolved, with its explanation.
  await expect(row).toHaveCount(0);
  await page.goto(`/admin/comments?q=${tag}_r1`);
  await expect(page.locator("tr[data-report-id]", { hasText: reporter.username })).toContainText("Résolu");
  await expect(page.locator("tr[data-report-id]", { hasText: reporter.username })).toContainText("Avis hors sujet, l'auteur a été averti");

  const english = await browser.newContext({ locale: "en-GB" });
  try {
    const englishPage = await english.newPage();
    await signIn(englishPage, baseURL!, DEMO_ADMIN);
    await englishPage.goto(`/admin/comments?q=${tag}_r1`);
    await expect(englishPage.getByRole("heading", { name: "Reported comments" })).toBeVisible();
    await expect(englishPage.locator("tr[data-report-id]")).toContainText("Resolved");
    await expectAccessible(englishPage);
  } finally {
    await english.close();
  }
});
