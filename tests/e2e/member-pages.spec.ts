import crypto from "node:crypto";
import { contributePark, expect, findReview, test, waitForHydration } from "./support/fixtures";
import type { Browser, Page } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Members share the pages visitors see (decision 0060): the kept page plus their own part, read per request. On the
// park and ride pages their own content (header, review form, votes, plan) is drawn for them by the server in the
// page's member slots (decision 0064), so that it works before the page's scripts.
const PARK = "/fr/puy-du-fou";
const BROWSER = { "user-agent": "Mozilla/5.0 Chrome/156.0", "accept-encoding": "gzip" };

type Part = { user: { id: string; username: string }; part: { pending?: Array<{ name: string }> }; slots?: true };

/** The member's part a shared page carries, as its script gives it (null on a page rendered in full or a visitor's). */
function memberPart(html: string): Part | null {
  const found = /window\.__parcoursMember=(.*?);document\./.exec(html);
  return found ? JSON.parse(found[1]!) : null;
}

/**
 * A signed-in member's page in a browser of its own, wide enough for the header's member links. Its scripts may be
 * held back there: their failed loads would count as errors in the test's own page's console check.
 */
async function inOwnBrowser(browser: Browser, baseURL: string, member: { email: string; password: string }, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page, baseURL, member.email, member.password);
    await use(page);
  } finally {
    await context.close();
  }
}

test.describe("members' pages (decision 0060)", () => {
  test("a member's new rating shows on the park page at once; another member and a visitor never get it as theirs", async ({
    page,
    browser,
    baseURL,
    signInAsNewMember,
    createMember,
  }) => {
    const comment = `Mon avis à moi ${crypto.randomBytes(3).toString("hex")}`;
    await signInAsNewMember();
    await page.goto(PARK);
    await waitForHydration(page);
    const form = page.getByRole("region", { name: "Votre avis sur le parc" });
    await form.getByRole("group", { name: "Famille" }).getByRole("radio", { name: "4 étoiles" }).check({ force: true });
    await form.getByRole("radio", { name: "Une demi-journée" }).check();
    await form.getByLabel("Commentaire").fill(comment);
    await form.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Merci, votre avis est publié.")).toBeVisible();

    // Loaded again as a document: their review first, marked theirs, in their form.
    const again = await page.goto(PARK);
    expect(again!.headers()["cache-control"]).toBe("private, no-store");
    // The shared page with their own slots: their review comes in their part.
    const againPart = memberPart(await again!.text());
    expect(againPart?.slots).toBe(true);
    expect(JSON.stringify(againPart)).toContain(comment);
    await waitForHydration(page);
    await expect(page.locator("li[data-review-id]", { hasText: comment }).getByText("Votre avis", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mettre à jour mon avis" })).toBeVisible();
    await expect(page.getByLabel("Commentaire")).toHaveValue(comment);

    // Another member, in a browser of their own: the review is the author's, the form is empty.
    const reader = await createMember();
    const readerBrowser = await browser.newContext({ baseURL });
    try {
      const readerPage = await readerBrowser.newPage();
      await signIn(readerPage, baseURL!, reader.email, reader.password);
      const readerAnswer = await readerPage.goto(PARK);
      const readerHtml = await readerAnswer!.text();
      expect(memberPart(readerHtml)?.user.id).toBe(reader.id);
      // The comment is in the reviews everyone sees, never in the reader's form nor marked as theirs.
      expect(readerHtml).not.toContain(`>${comment}</textarea>`);
      await waitForHydration(readerPage);
      const review = await findReview(readerPage, comment);
      await expect(review).toBeVisible();
      await expect(review.getByText("Votre avis", { exact: true })).toHaveCount(0);
      await expect(readerPage.getByRole("button", { name: "Publier mon avis" })).toBeVisible();
      await expect(readerPage.getByLabel("Commentaire")).toHaveValue("");
    } finally {
      await readerBrowser.close();
    }

    // A visitor's page is the kept one: publicly cacheable, no member in it.
    const visitor = await fetch(`${baseURL}${PARK}`, { headers: BROWSER });
    expect(visitor.headers.get("cache-control")).toContain("public");
    expect(memberPart(await visitor.text())).toBeNull();
  });

  test("on a shared page each member gets their own part at once, and a visitor none", async ({ page, browser, baseURL, signInAsNewMember, createMember }) => {
    const author = await signInAsNewMember();
    const own = `Parc en attente ${crypto.randomBytes(3).toString("hex")}`;
    await page.goto("/fr");
    // Their contribution, sent after the home page was kept for everyone, is on their home page at once.
    await contributePark(author, own);
    const home = await page.goto("/fr");
    const authorPart = memberPart(await home!.text());
    expect(authorPart?.user.id).toBe(author.id);
    expect(authorPart?.part.pending?.map((item) => item.name)).toEqual([own]);
    expect(home!.headers()["cache-control"]).toBe("private, no-store");
    await waitForHydration(page);
    const pending = page.getByRole("region", { name: "Vos contributions en attente de modération" });
    await expect(pending.getByRole("link", { name: own })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("link", { name: `Mon compte : ${author.username}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    // The first navigation reads the root again, for the member: the part and its mark are left aside.
    await page.getByRole("banner").getByRole("link", { name: "Classements" }).click();
    await expect(page).toHaveURL(/\/fr\/rankings$/);
    await expect(page.locator("html")).not.toHaveClass("member");
    await expect(page.getByRole("link", { name: `Mon compte : ${author.username}` })).toBeVisible();

    const reader = await createMember();
    await inOwnBrowser(browser, baseURL!, reader, async (readerPage) => {
      // Before the page's scripts have run (held back here), the visitors' sign-in link is already hidden from a member.
      await readerPage.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await readerPage.goto("/fr/map");
      await expect(readerPage.locator("html")).toHaveClass("member");
      await expect(readerPage.getByRole("banner").getByRole("link", { name: "Connexion" })).toBeHidden();
      await readerPage.unrouteAll();
      for (const address of ["/fr", "/fr/rankings"]) {
        const answer = await readerPage.goto(address);
        const readerPart = memberPart(await answer!.text());
        expect(readerPart?.user.id).toBe(reader.id);
        expect(JSON.stringify(readerPart)).not.toContain(author.id);
        await waitForHydration(readerPage);
        await expect(readerPage.getByRole("link", { name: `Mon compte : ${reader.username}` })).toBeVisible();
        await expect(readerPage.getByText(own)).toHaveCount(0);
      }
    });

    const visitor = await fetch(`${baseURL}/fr`, { headers: BROWSER });
    const visitorHtml = await visitor.text();
    expect(memberPart(visitorHtml)).toBeNull();
    expect(visitorHtml).not.toContain(own);
    expect(visitor.headers.get("cache-control")).toContain("public");
  });

  test("on the park and ride pages, a member's own controls are drawn by the server: there before any script runs", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    await inOwnBrowser(browser, baseURL!, member, async (page) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const address of [PARK, "/fr/parc-asterix/romus-et-rapidus"]) {
        const answer = await page.goto(address);
        expect(memberPart(await answer!.text())?.slots).toBe(true);
        const banner = page.getByRole("banner");
        await expect(banner.getByRole("link", { name: `Mon compte : ${member.username}` })).toBeVisible();
        await expect(banner.getByRole("link", { name: "Connexion" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Publier mon avis" })).toBeVisible();
        await expect(page.getByText(/Connectez-vous pour/)).toHaveCount(0);
      }
      // The park's ride cards carry their 'Ajouter au plan'.
      await page.goto(PARK);
      await expect(page.getByRole("button", { name: /^Ajouter au plan : / }).first()).toBeAttached();
    });
  });
});
