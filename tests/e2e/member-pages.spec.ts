import crypto from "node:crypto";
import { expect, findReview, test, waitForHydration } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// Members share the pages visitors see (decision 0060): the kept page plus their own part, read per request.
// Puy du Fou; the review written here carries a comment of its own, the one the test looks for.
const PARK = "/fr/puy-du-fou";
const BROWSER = { "user-agent": "Mozilla/5.0 Chrome/156.0", "accept-encoding": "gzip" };

/** The member's part a shared page carries, as its script gives it (null on a page rendered in full or a visitor's). */
function memberPart(html: string): { user: { id: string; username: string }; part: { own: { comment: string | null } | null } } | null {
  const found = /window\.__parcoursMember=(.*?)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]!) : null;
}

test.describe("members' shared pages (decision 0060)", () => {
  test("a member's new rating shows on the park page at once; another member and a visitor never get it as theirs", async ({
    page,
    browser,
    baseURL,
    signInAsNewMember,
    createMember,
  }) => {
    const comment = `Mon avis partagé ${crypto.randomBytes(3).toString("hex")}`;
    const author = await signInAsNewMember();
    await page.goto(PARK);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    const form = page.getByRole("region", { name: "Votre avis sur le parc" });
    await form.getByRole("group", { name: "Famille" }).getByRole("radio", { name: "4 étoiles" }).check({ force: true });
    await form.getByRole("radio", { name: "Une demi-journée" }).check();
    await form.getByLabel("Commentaire").fill(comment);
    await form.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Merci, votre avis est publié.")).toBeVisible();

    // Loaded again as a document: the shared page, with the author's part read after their write.
    const again = await page.goto(PARK);
    const authorPart = memberPart(await again!.text());
    expect(authorPart?.user.id).toBe(author.id);
    expect(authorPart?.part.own?.comment).toBe(comment);
    expect(again!.headers()["cache-control"]).toBe("private, no-store");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    const ownReview = page.locator("li[data-review-id]", { hasText: comment });
    await expect(ownReview.getByText("Votre avis", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mettre à jour mon avis" })).toBeVisible();
    await expect(page.getByLabel("Commentaire")).toHaveValue(comment);

    // Another member, in a browser of their own: the same shared page, their own part; the review is the author's.
    const reader = await createMember();
    const readerBrowser = await browser.newContext({ baseURL });
    try {
      const readerPage = await readerBrowser.newPage();
      await signIn(readerPage, baseURL!, reader.email, reader.password);
      const answer = await readerPage.goto(PARK);
      const readerPart = memberPart(await answer!.text());
      expect(readerPart?.user.id).toBe(reader.id);
      expect(readerPart?.part.own).toBeNull();
      await waitForHydration(readerPage);
      const review = await findReview(readerPage, comment);
      await expect(review).toBeVisible();
      await expect(review.getByText("Votre avis", { exact: true })).toHaveCount(0);
      await expect(readerPage.getByRole("button", { name: "Publier mon avis" })).toBeVisible();
      await expect(readerPage.getByLabel("Commentaire")).toHaveValue("");
    } finally {
      await readerBrowser.close();
    }

    // A visitor gets the kept page: no member's part, publicly cacheable.
    const visitor = await fetch(`${baseURL}${PARK}`, { headers: BROWSER });
    const visitorHtml = await visitor.text();
    expect(memberPart(visitorHtml)).toBeNull();
    expect(visitor.headers.get("cache-control")).toContain("public");
  });
});
