import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { expect, expectAccessible, giveRideReview, giveParkReview, test, waitForHydration } from "./support/fixtures";

test.describe("Gestion des avis", () => {
  test("park and ride reviews merged, filtered by type, and one deleted after the confirmation", async ({ page, baseURL, context, createMember }) => {
    const member = await createMember();
    const comment = `Très bon parc ${member.username}`;
    await giveParkReview(member, "efteling", { theming: "4", thrill: "3", visitDuration: "full_day", comment });
    await giveRideReview(member, "disneyland-paris/big-thunder-mountain", { rating: "4", audienceType: "thrill" });
    await signIn(page, baseURL!, DEMO_ADMIN);

    await page.goto(`/admin/ratings?q=${member.username}`);
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des avis" })).toBeVisible();
    await waitForHydration(page);
    const parkRow = page.getByRole("row", { name: new RegExp(comment) });
    const rideRow = page.getByRole("row", { name: /Big Thunder Mountain/ });
    await expect(parkRow).toContainText("Parc");
    await expect(parkRow).toContainText("3,5");
    await expect(parkRow.getByRole("link", { name: member.username })).toHaveAttribute("href", `/fr/profile/${member.id}`);
    await expect(rideRow).toContainText("Attraction");
    await expect(rideRow).toContainText("Disneyland Paris");
    await expect(rideRow).toContainText("—");
    await expectAccessible(page);

    await page.getByLabel("Type").selectOption("attraction");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/type=attraction/);
    await expect(parkRow).toBeHidden();
    await expect(rideRow).toBeVisible();

    await rideRow.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cet avis ? Cette action est irréversible.");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Aucun avis trouvé")).toBeVisible();

    await page.goto(`/admin/ratings?q=${member.username}`);
    await expect(parkRow).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    // The choice lives in the cookie and its localStorage mirror (root.tsx): both say English.
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    await page.evaluate(() => window.localStorage.setItem("lang", "en"));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Review management" })).toBeVisible();
    await expect(parkRow).toContainText("Park");
    await expect(parkRow).toContainText("3.5");
    await expectAccessible(page);
  });
});
