import type { Page } from "@playwright/test";
import { expect, expectAccessible, giveRideReview, test, waitForHydration } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// Eight operating roller coasters of the demo (app/server/demo/data), in two parks no other test
// renames or removes rides of; the ratings are the test member's own, deleted with them.
const COASTERS: Array<[ride: string, rating: string]> = [
  ["liseberg/helix", "5"],
  ["liseberg/valkyria", "4"],
  ["liseberg/balder", "5"],
  ["liseberg/lisebergbanan", "4"],
  ["gardaland/raptor", "5"],
  ["gardaland/blue-tornado", "4"],
  ["gardaland/shaman", "5"],
  ["gardaland/mammut", "4"],
];
// The member's hidden order: alphabetical. A consistent member needs at most 8·log2 8 = 24 duels.
const HIDDEN_ORDER = ["Balder", "Blue Tornado", "Helix", "Lisebergbanan", "Mammut", "Raptor", "Shaman", "Valkyria"];
const COMPLETE = "Tous les duels possibles ont été effectués dans cette catégorie !";

/** The ride name shown on a duel card (its first line). */
const cardName = async (page: Page, side: 0 | 1) => (await page.locator("[data-ride-id]").nth(side).locator(":scope > span > span").first().textContent())?.trim() ?? "";

test.describe("duels (docs/rules/duels-and-rankings.md#duel-flow)", () => {
  test("a member orders eight coasters by keyboard alone in at most 24 duels, finds that order on their profile, then resets it", async ({ page, signInAsNewMember }) => {
    // 24 round trips on a loaded machine, plus four page loads: more than the default bound.
    test.setTimeout(240_000);
    const member = await signInAsNewMember();
    for (const [ride, rating] of COASTERS) await giveRideReview(member, ride, { rating, audienceType: "thrill" });

    await page.goto("/fr/duels?type=roller_coaster");
    await expect(page.getByRole("heading", { level: 2, name: "Montagnes russes" })).toBeVisible();
    // The order starts from one ride, placed without a duel.
    await expect(page.getByText("1 sur 8 attractions classées")).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);

    const cards = page.locator("[data-ride-id]");
    const complete = page.getByText(COMPLETE);
    // One round trip per duel: its answer carries the next pair, no loader (root or page) runs after it.
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
    });
    let duels = 0;
    for (;;) {
      await expect(cards.first().or(complete)).toBeVisible();
      if (await complete.isVisible()) break;
      await expect(cards).toHaveCount(2);
      const names = [await cardName(page, 0), await cardName(page, 1)] as const;
      const winnerSide = HIDDEN_ORDER.indexOf(names[0]) < HIDDEN_ORDER.indexOf(names[1]) ? 0 : 1;
      await page.keyboard.press(winnerSide === 0 ? "ArrowLeft" : "ArrowRight");
      await expect(cards.nth(winnerSide)).toBeFocused();
      await page.keyboard.press("Enter");
      duels += 1;
      // The answer (announced) brings the next pair in the same render: only then the next key.
      await expect(page.getByRole("status").filter({ hasText: `${names[winnerSide]} l'emporte sur ${names[1 - winnerSide]}` })).toBeVisible();
      expect(duels).toBeLessThanOrEqual(24);
    }
    expect(duels).toBeGreaterThanOrEqual(7);
    expect(reloads).toEqual([]);
    test.info().annotations.push({ type: "duels to order 8 coasters", description: String(duels) });
    await expect(complete).toBeFocused();
    // Both rankings beside the cards follow at once: the personal one is the hidden order.
    const personal = page.locator("[data-personal-ranking] tbody th a");
    await expect(personal).toHaveText(HIDDEN_ORDER);
    await expect(page.getByRole("region", { name: "Classement de la session" }).locator("tbody tr")).toHaveCount(8);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Voir mes classements sur mon profil" }).click();
    await expect(page).toHaveURL(/\/fr\/profile$/);
    const ranking = page.locator('[data-duel-ranking="roller_coaster"]');
    await expect(ranking.getByRole("heading", { name: "Montagnes russes" })).toBeVisible();
    // The profile shows a type's top 5, and the whole order behind "Voir tout".
    await expect(ranking.locator("tbody th a")).toHaveText(HIDDEN_ORDER.slice(0, 5));
    await expect(ranking.locator("tbody tr").first().locator("td").first()).toHaveText("1");
    await expect(ranking.locator("tbody th a").first()).toHaveAttribute("href", "/fr/liseberg/balder");
    await ranking.getByRole("link", { name: "Voir tout (8)" }).click();
    await expect(ranking.locator("tbody th a")).toHaveText(HIDDEN_ORDER);
    // The public profile shows the same ranking to everyone.
    await page.goto(`/fr/profile/${member.id}?ranking=roller_coaster`);
    await expect(page.locator('[data-duel-ranking="roller_coaster"] tbody th a')).toHaveText(HIDDEN_ORDER);

    // Reset, through the dialog: Escape cancels, the confirmation erases the type's ranking.
    await page.goto("/fr/duels?type=roller_coaster");
    await expect(complete).toBeVisible();
    await waitForHydration(page);
    const open = page.getByRole("button", { name: "Réinitialiser le classement" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Réinitialiser le classement" });
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir réinitialiser le classement ? Cette action est irréversible.");
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await dialog.getByRole("button", { name: "Réinitialiser", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Le classement a été réinitialisé." })).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(page.getByText("1 sur 8 attractions classées")).toBeVisible();
    await expect(page.locator("[data-personal-ranking] tbody tr")).toHaveCount(1);

    await page.goto("/fr/profile");
    await expect(page.locator("[data-duel-ranking]")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Classements personnels" })).toContainText("Les classements issus des duels apparaîtront ici.");
  });

  test("a visitor is sent to the login page and comes back to the duels once signed in", async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto("/fr/duels");
    await expect(page).toHaveURL(/\/fr\/login\?redirectTo=%2Ffr%2Fduels$/);
    await waitForHydration(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Se connecter" }) });
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Mot de passe").fill(member.password);
    await form.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/fr\/duels$/);
    await expect(page.getByRole("heading", { level: 2, name: "Choisissez un type d'attraction" })).toBeVisible();
  });

  test("the chooser counts each type's eligible rides, and a type with fewer than two says what is missing, in French and English", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    await giveRideReview(member, "disneyland-paris/phantom-manor", { rating: "5", audienceType: "general" });
    // Rated below 4: not eligible.
    await giveRideReview(member, "disneyland-paris/big-thunder-mountain", { rating: "3", audienceType: "thrill" });

    await page.goto("/fr/duels");
    await expect(page.getByRole("heading", { level: 1, name: "Duels" })).toBeVisible();
    await expect(page.locator("[data-duel-type]")).toHaveCount(10);
    await expect(page.locator('[data-duel-type="dark_ride"]')).toContainText("Parcours scénique1 attraction éligible");
    await expect(page.locator('[data-duel-type="roller_coaster"]')).toContainText("Montagnes russes0 attraction éligible");
    await waitForHydration(page);
    await expectAccessible(page);

    await page.locator('[data-duel-type="dark_ride"]').click();
    await expect(page).toHaveURL(/\/fr\/duels\?type=dark_ride$/);
    await expect(
      page.getByText("Vous devez avoir noté au moins 2 parcours scéniques avec une note supérieure ou égale à 4/5 pour commencer les duels."),
    ).toBeVisible();
    await expect(page.locator("[data-ride-id]")).toHaveCount(0);
    await page.getByRole("link", { name: "Changer de type" }).click();
    await expect(page).toHaveURL(/\/fr\/duels$/);

    await page.goto("/en/duels");
    await expect(page.getByRole("heading", { level: 2, name: "Choose a ride type" })).toBeVisible();
    await expect(page.locator('[data-duel-type="dark_ride"]')).toContainText("1 eligible ride");
    await page.goto("/en/duels?type=roller_coaster");
    await expect(page.getByText("You must have rated at least 2 roller coasters 4/5 or higher to start duels.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Change type" })).toBeVisible();
  });

  test("the link to the member's rankings on their profile shows before any type is finished: on the chooser and mid-way through a type", async ({ page, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    for (const [ride, rating] of COASTERS.slice(0, 3)) await giveRideReview(member, ride, { rating, audienceType: "thrill" });
    const profileLink = page.getByRole("link", { name: "Voir mes classements sur mon profil" });

    await page.goto("/fr/duels");
    await expect(profileLink).toHaveAttribute("href", "/fr/profile");
    // Three coasters: a pair to decide, so the type is not finished.
    await page.goto("/fr/duels?type=roller_coaster");
    await expect(page.locator("[data-ride-id]")).toHaveCount(2);
    await expect(page.getByText(COMPLETE)).toHaveCount(0);
    await profileLink.click();
    await expect(page).toHaveURL(/\/fr\/profile$/);

    await page.goto("/en/duels?type=dark_ride");
    await expect(page.getByRole("link", { name: "See my rankings on my profile" })).toHaveAttribute("href", "/en/profile");
  });

  test("an unknown type is a 404 and a malformed duel a 400 that writes nothing", async ({ page, baseURL, signInAsNewMember }) => {
    const member = await signInAsNewMember();
    await giveRideReview(member, "disneyland-paris/phantom-manor", { rating: "5", audienceType: "general" });
    await giveRideReview(member, "disneyland-paris/peter-pans-flight", { rating: "4", audienceType: "general" });

    const missing = await page.goto("/fr/duels?type=bobsleigh");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Type d'attraction inconnu");

    await page.goto("/fr/duels?type=dark_ride");
    const ids = await page.locator("[data-ride-id]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-ride-id")!));
    expect(ids).toHaveLength(2);
    const origin = { origin: new URL(baseURL!).origin };
    const post = (address: string, form: Record<string, string>) => page.request.post(address, { form, headers: origin, maxRedirects: 0 });
    for (const [address, form] of [
      ["/fr/duels?type=dark_ride", { intent: "duel", winnerId: ids[0]!, loserId: "not-a-ride" }],
      ["/fr/duels?type=dark_ride", { intent: "duel", winnerId: ids[0]!, loserId: ids[0]! }],
      ["/fr/duels?type=roller_coaster", { intent: "duel", winnerId: ids[0]!, loserId: ids[1]! }],
      ["/fr/duels", { intent: "duel", winnerId: ids[0]!, loserId: ids[1]! }],
      ["/fr/duels?type=dark_ride", { intent: "reset" }],
      ["/fr/duels?type=dark_ride", { intent: "jump" }],
    ] as const) {
      const answer = await post(address, form);
      expect(answer.status(), JSON.stringify(form)).toBe(400);
    }
    const json = await page.request.post("/fr/duels?type=dark_ride", { data: { intent: "duel" }, headers: origin });
    expect(json.status()).toBe(400);

    // Nothing was written: still one ride placed, without a duel.
    await page.goto("/fr/duels?type=dark_ride");
    await expect(page.getByText("1 sur 2 attractions classées")).toBeVisible();
    await expect(page.locator("[data-personal-ranking] tbody td")).toHaveText(["1", "0", "0", "—"]);

    await page.goto("/en/duels?type=dark_ride");
    await expect(page.getByRole("heading", { level: 3, name: "Which one do you prefer?" })).toBeVisible();
    await expect(page.getByText("1 of 2 rides ranked")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "My personal ranking" })).toBeVisible();
  });

  test("without JavaScript, a card still records the duel and the reset asks for its confirmation", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    await giveRideReview(member, "disneyland-paris/phantom-manor", { rating: "5", audienceType: "general" });
    await giveRideReview(member, "disneyland-paris/peter-pans-flight", { rating: "4", audienceType: "general" });
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR" });
    const page = await context.newPage();
    await signIn(page, baseURL!, member.email, member.password);

    await page.goto("/fr/duels?type=dark_ride");
    await page.locator("[data-ride-id]").first().click();
    await expect(page.getByText(COMPLETE)).toBeVisible();
    await expect(page.locator("[data-personal-ranking] tbody tr")).toHaveCount(2);

    // The form shown before hydration: the checkbox stands for the dialog's question.
    await page.getByRole("button", { name: "Réinitialiser le classement" }).click();
    await expect(page.getByText(COMPLETE)).toBeVisible();
    await page.getByLabel("Je confirme : mes duels et mon classement de ce type seront effacés.").check();
    await page.getByRole("button", { name: "Réinitialiser le classement" }).click();
    await expect(page.locator("[data-ride-id]")).toHaveCount(2);
    await expect(page.getByText("1 sur 2 attractions classées")).toBeVisible();
    await context.close();
  });
});
