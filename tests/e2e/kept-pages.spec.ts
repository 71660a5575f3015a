import crypto from "node:crypto";
import { expect, test, waitForHydration } from "./support/fixtures";

// Kept anonymous pages (decision 0030, http/rendered-page-cache.ts). Vulcania: no other test rates it but
// "a comment with HTML shows as text", which only adds its own review.
const PARK = "/fr/vulcania";

test.describe("kept anonymous pages (decision 0030)", () => {
  test("a kept page is dropped when a review changes it: the next visitor sees it at once; a signed-in page is never the kept one", async ({
    page,
    baseURL,
    signInAsNewMember,
  }) => {
    const comment = `Gardé puis oublié ${crypto.randomBytes(3).toString("hex")}`;
    const visitorPage = async () => {
      const response = await fetch(`${baseURL}${PARK}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/156.0", "accept-encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
      return response.text();
    };
    /** The park's number of ratings as the page's structured data says it (the review itself may be on a later page of reviews). */
    const ratingCount = (html: string) => Number(/"aggregateRating":\{[^}]*"ratingCount":(\d+)/.exec(html)![1]);
    // The second visit is answered from the kept page.
    await visitorPage();
    const before = ratingCount(await visitorPage());

    // Signed in, the page is the member's own: their form, their sign-out button — not the visitors' kept page.
    await signInAsNewMember();
    await page.goto(PARK);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    const form = page.getByRole("region", { name: "Votre avis sur le parc" });
    await form.getByRole("group", { name: "Famille" }).getByRole("radio", { name: "4 étoiles" }).check({ force: true });
    await form.getByRole("radio", { name: "Une demi-journée" }).check();
    await form.getByLabel("Commentaire").fill(comment);
    await form.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Merci, votre avis est publié.")).toBeVisible();

    // The very next visitor gets the page counting the review, not the one kept before it.
    expect(ratingCount(await visitorPage())).toBeGreaterThan(before);
  });
});
