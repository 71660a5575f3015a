import crypto from "node:crypto";
import {
  contributePark,
  expect,
  expectAccessible,
  findReview,
  giveRideReview,
  giveParkReview,
  parkAggregates,
  reportParkReview,
  runNotificationJob,
  setAutoModeration,
  test,
  waitForHydration,
} from "./support/fixtures";
import { waitForMailMatching } from "./support/mail";
import { withSettingsLock } from "./support/settings-lock";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/**
 * The back office's story (decision 0018), end to end through the administrator's
 * screens: moderation of contributions, auto-moderation of reported reviews,
 * suspension and deletion of members, and the administrator's notifications.
 * Each test works on members and parks of its own (other tests run beside
 * it); those that change the shared settings hold the settings lock.
 */
const tag = () => crypto.randomBytes(3).toString("hex");

test("a contributed park is counted and listed on the dashboard, rejected with a reason the member reads; another approved shows on home and in search", async ({ page, browser, baseURL, createMember }) => {
  const member = await createMember();
  const refused = `Parc Histoire ${tag()}`;
  const accepted = `Parc Validé ${tag()}`;
  const refusedPark = await contributePark(member, refused);
  const acceptedPark = await contributePark(member, accepted);

  await signIn(page, baseURL!, DEMO_ADMIN);
  await page.goto("/admin");
  await waitForHydration(page);
  const pendingCounter = page.getByRole("link", { name: /Parcs en attente$/ });
  // Other tests add parks at the same time: the count is at least this member's two.
  expect(Number((await pendingCounter.innerText()).replace(/\D/g, ""))).toBeGreaterThanOrEqual(2);
  const pending = page.getByRole("region", { name: "Parcs en attente" });
  const refusedItem = pending.getByRole("rowgroup").filter({ has: page.getByRole("rowheader", { name: refused }) });
  await expect(refusedItem.getByRole("cell").first()).toHaveText(member.username);

  // Rejected from the dashboard, with its reason (the parks screen's action answers it).
  await refusedItem.getByRole("button", { name: "Rejeter" }).click();
  await refusedItem.getByRole("textbox", { name: "Raison du rejet" }).fill("Ce parc n'existe pas");
  await refusedItem.getByRole("button", { name: "Confirmer le rejet" }).click();
  await expect(pending.getByRole("row").filter({ hasText: refused })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Activité récente" })).toContainText(refused);

  // Approved from the parks screen.
  await page.goto(`/admin/parks?q=${encodeURIComponent(accepted)}`);
  await waitForHydration(page);
  const acceptedRow = page.getByRole("row").filter({ hasText: accepted });
  await acceptedRow.getByRole("button", { name: "Approuver" }).click();
  await expect(acceptedRow).toContainText("Approuvé");

  // The member: 'Rejeté' and the reason on their home page and on the park's page.
  const memberContext = await browser.newContext({ locale: "fr-FR" });
  try {
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, baseURL!, member.email, member.password);
    await memberPage.goto("/fr/");
    const own = memberPage.getByRole("region", { name: "Vos contributions en attente de modération" }).getByRole("listitem").filter({ hasText: refused });
    await expect(own).toContainText("Rejeté");
    await expect(own).toContainText("Raison du rejet : Ce parc n'existe pas");
    await expect(memberPage.getByRole("region", { name: "Vos contributions en attente de modération" })).not.toContainText(accepted);
    await memberPage.goto(`/fr/${refusedPark.slug}`);
    await expect(memberPage.getByText("Cette contribution a été rejetée : Ce parc n'existe pas")).toBeVisible();
  } finally {
    await memberContext.close();
  }

  // Everyone: the approved park on the home page's list and in search, at once.
  const visitor = await browser.newContext({ locale: "fr-FR" });
  try {
    const visitorPage = await visitor.newPage();
    // The fixture's parks are in a country of their own: the home list filtered there.
    await visitorPage.goto(`/fr/?country=${encodeURIComponent("Pays de test")}`);
    await expect(visitorPage.getByRole("link", { name: new RegExp(accepted) }).first()).toBeVisible();
    const search = (await (await visitorPage.request.get(`/api/search?q=${encodeURIComponent(accepted)}`)).json()) as { parks: Array<{ slug: string }> };
    expect(search.parks.map((park) => park.slug)).toEqual([acceptedPark.slug]);
    const refusedSearch = (await (await visitorPage.request.get(`/api/search?q=${encodeURIComponent(refused)}`)).json()) as { parks: unknown[] };
    expect(refusedSearch.parks).toEqual([]);
  } finally {
    await visitor.close();
  }
});

test("with auto-moderation on and 3 reports a review leaves the park page; dismissing the reports brings it back", async ({ page, browser, baseURL, createMember }) => {
  const t = tag();
  const author = await createMember({ username: `h${t}_auteur` });
  const comment = `Avis contesté ${t}`;
  await giveParkReview(author, "futuroscope", { theming: "2", visitDuration: "full_day", comment });
  const reporters = [await createMember({ username: `h${t}_r1` }), await createMember({ username: `h${t}_r2` }), await createMember({ username: `h${t}_r3` })];

  await withSettingsLock(async () => {
    await setAutoModeration({ autoModeration: true, maxReportsBeforeHide: 3 });
    try {
      for (const reporter of reporters) await reportParkReview(reporter, "futuroscope", author, "Propos déplacés");
    } finally {
      await setAutoModeration({ reset: true });
    }
  });

  const visitor = await browser.newContext({ locale: "fr-FR" });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/fr/futuroscope");
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Futuroscope" })).toBeVisible();
    await findReview(visitorPage, comment);
    await expect(visitorPage.locator("li[data-review-id]", { hasText: comment })).toHaveCount(0);

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto(`/admin/comments?q=h${t}_r&status=pending`);
    await waitForHydration(page);
    const rows = page.locator("tr[data-report-id]");
    await expect(rows).toHaveCount(3);
    for (const reporter of reporters) {
      await rows.filter({ hasText: reporter.username }).getByRole("button", { name: `Traiter le signalement de ${reporter.username}` }).click();
      await page.getByRole("button", { name: "Rejeter" }).click();
      await expect(rows.filter({ hasText: reporter.username })).toHaveCount(0);
    }

    await visitorPage.reload();
    await findReview(visitorPage, comment);
    await expect(visitorPage.locator("li[data-review-id]", { hasText: comment })).toHaveCount(1);
  } finally {
    await visitor.close();
  }
});

test("a suspended member is signed out at their next request; a member deleted through the dialog loses their reviews and the park's averages equal a recomputation", async ({ page, browser, baseURL, createMember }) => {
  const suspended = await createMember();
  const memberContext = await browser.newContext({ locale: "fr-FR" });
  try {
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, baseURL!, suspended.email, suspended.password);
    await memberPage.goto("/fr/profile");
    await expect(memberPage).toHaveURL(/\/fr\/profile$/);

    await signIn(page, baseURL!, DEMO_ADMIN);
    await page.goto(`/admin/users?q=${suspended.username}`);
    await waitForHydration(page);
    const row = page.getByRole("row", { name: new RegExp(suspended.username) }).first();
    await row.getByRole("button", { name: "Suspendre" }).click();
    await page.getByLabel("Raison de la suspension").fill("Comportement abusif");
    await page.getByRole("button", { name: "Confirmer la suspension" }).click();
    await expect(row).toContainText("Suspendu");

    await memberPage.goto("/fr/profile");
    await expect(memberPage).toHaveURL(/\/fr\/login/);
  } finally {
    await memberContext.close();
  }

  const leaving = await createMember();
  const comment = `Avis de départ ${leaving.username}`;
  await giveParkReview(leaving, "efteling", { theming: "1", thrill: "2", value: "1", visitDuration: "two_days", comment });
  await giveRideReview(leaving, "efteling/baron-1898", { rating: "1", audienceType: "thrill", comment: `${comment} (attraction)` });
  await page.goto(`/fr/efteling`);
  await findReview(page, comment);
  await expect(page.locator("li[data-review-id]", { hasText: comment })).toHaveCount(1);

  await page.goto(`/admin/users?q=${leaving.username}`);
  await waitForHydration(page);
  await page.getByRole("row", { name: new RegExp(leaving.username) }).first().getByRole("button", { name: "Supprimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirmer la suppression" });
  await expect(dialog).toContainText(leaving.username);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/admin/ratings?q=${leaving.username}`);
  await expect(page.getByText("Aucun avis trouvé")).toBeVisible();
  await page.goto(`/fr/efteling`);
  await findReview(page, comment);
  await expect(page.locator("li[data-review-id]", { hasText: comment })).toHaveCount(0);
  const aggregates = await parkAggregates("efteling");
  expect(aggregates.maintained).toEqual(aggregates.recomputed);
});

test("the administrator gets a real-time e-mail for a new park, and the daily digest of the others", async ({ page, baseURL, createMember }) => {
  const member = await createMember();
  const instant = `Parc Immédiat ${tag()}`;
  const digested = `Parc Résumé ${tag()}`;
  await signIn(page, baseURL!, DEMO_ADMIN);

  await withSettingsLock(async () => {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const notifications = page.getByRole("region", { name: "Paramètres de notification" });
    try {
      await notifications.getByLabel("Temps réel").check();
      await notifications.getByRole("button", { name: "Enregistrer" }).click();
      await expect(notifications.getByRole("status")).toHaveText("Paramètres enregistrés");
      await contributePark(member, instant);
    } finally {
      await page.reload();
      await waitForHydration(page);
      await notifications.getByLabel("Quotidien").check();
      await notifications.getByRole("button", { name: "Enregistrer" }).click();
      await expect(notifications.getByRole("status")).toHaveText("Paramètres enregistrés");
    }
    // Sent by the server's own job, which runs every few seconds.
    const realtime = await waitForMailMatching(DEMO_ADMIN, (mail) => mail.subject === `[Parcours] Nouveau parc à modérer : ${instant}`, 60_000);
    expect(realtime.text).toContain(`Nouveau parc « ${instant} » proposé par ${member.username}.`);

    await contributePark(member, digested);
    const run = await runNotificationJob(new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(run.failed).toBe(0);
    const digest = await waitForMailMatching(DEMO_ADMIN, (mail) => mail.text.includes(digested));
    expect(digest.subject).toMatch(/^\[Parcours\] Résumé quotidien : \d+ événement\(s\)$/);
    expect(digest.text).toContain(`Nouveau parc « ${digested} » proposé par ${member.username}.`);
    expect(digest.text).not.toContain(instant);
  });
});
