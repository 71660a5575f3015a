import crypto from "node:crypto";
import { contributePark, expect, expectAccessible, findReview, giveParkReview, giveRideReview, giveTopLists, test, waitForHydration } from "./support/fixtures";
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

  test("a member who filters the park's rides keeps their own controls: the page's data stays the one it came with", async ({ page, signInAsNewMember }) => {
    const comment = `Mes filtres ${crypto.randomBytes(3).toString("hex")}`;
    const member = await signInAsNewMember();
    await giveParkReview(member, PARK.slice("/fr/".length), { theming: "4", visitDuration: "half_day", comment });

    // As a document: their shared page, with their part.
    await page.goto(PARK);
    await waitForHydration(page);
    // A filter changes the address (the root's data is read again), not the park's data: their review, their form's
    // texts and the cards' 'Ajouter au plan' stay; a missing text would show its key and fail the console check.
    await page.getByLabel("Trier par").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole("button", { name: "Mettre à jour mon avis" })).toBeVisible();
    await expect(page.getByLabel("Commentaire")).toHaveValue(comment);
    await expect(page.getByRole("button", { name: /^Ajouter au plan : / }).first()).toHaveText("Ajouter au plan");
    await expect(page.locator("li[data-review-id]", { hasText: comment }).getByText("Votre avis", { exact: true })).toBeVisible();
  });

  test("the texts of a member's park controls come in a script of their own, which the browser keeps (decision 0069)", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    const scripts: Record<string, string> = {};
    for (const language of ["fr", "en"] as const) {
      const answer = await page.goto(language === "fr" ? PARK : PARK.replace("/fr/", "/en/"));
      const html = await answer!.text();
      // Not in the part, which every request carries.
      expect(memberPart(html)?.slots).toBe(true);
      expect(JSON.stringify(memberPart(html))).not.toContain("memberMessages");
      const name = new RegExp(`<script src="(/assets/member-messages/park\\.${language}\\.[\\w-]+\\.js)"></script>`).exec(html)?.[1];
      expect(name).toBeDefined();
      // Before the page's own scripts: they hydrate with these texts.
      expect(html.indexOf(name!)).toBeLessThan(html.indexOf('type="module"'));
      scripts[language] = name!;
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: language === "fr" ? "Publier mon avis" : "Publish my review" })).toBeVisible();
    }
    expect(scripts.fr).not.toBe(scripts.en);
    const script = await page.request.get(scripts.fr!);
    expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await script.text()).toContain('"Publier mon avis"');
    expect((await page.request.get(scripts.fr!, { headers: { "if-none-match": script.headers().etag! } })).status()).toBe(304);
    expect((await page.request.get("/assets/member-messages/park.fr.unknown.js")).status()).toBe(404);
  });

  test("a member's slots, drawn once for their part, are drawn anew as soon as it changes; a member with another part never gets them (decision 0071)", async ({
    browser,
    baseURL,
    createMember,
  }) => {
    // A ride's reviews are newest first: this one opens the list.
    const ride = "/fr/efteling/baron-1898";
    const comment = `À signaler ${crypto.randomBytes(3).toString("hex")}`;
    await giveRideReview(await createMember(), ride.slice("/fr/".length), { rating: "3", audienceType: "thrill", comment });
    const [reporter, reader] = [await createMember(), await createMember()];
    // Two members with the same part (no review of the ride, no vote, no report): the reviews' slot drawn once for both.
    for (const member of [reader, reporter]) {
      await inOwnBrowser(browser, baseURL!, member, async (page) => {
        await page.goto(ride);
        await expect(page.locator("li[data-review-id]", { hasText: comment }).getByText("Signaler", { exact: true })).toBeVisible();
      });
    }
    await inOwnBrowser(browser, baseURL!, reporter, async (page) => {
      await page.goto(ride);
      await waitForHydration(page);
      const review = page.locator("li[data-review-id]", { hasText: comment });
      await review.getByText("Signaler", { exact: true }).click();
      await review.getByLabel("Raison du signalement").fill("Propos hors sujet");
      await review.getByRole("button", { name: "Envoyer le signalement" }).click();
      await expect(review.getByText("Merci, l'avis a été signalé à l'administrateur.")).toBeVisible();
      // The page again, its scripts held back: what shows is the server's drawing, with their report in it.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(ride);
      await expect(review.getByText("Signalé", { exact: true })).toBeVisible();
      await expect(review.getByText("Signaler", { exact: true })).toHaveCount(0);
    });
    // The other member's part is still what it was: their drawing, without the report.
    await inOwnBrowser(browser, baseURL!, reader, async (page) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(ride);
      const review = page.locator("li[data-review-id]", { hasText: comment });
      await expect(review.getByText("Signaler", { exact: true })).toBeVisible();
      await expect(review.getByText("Signalé", { exact: true })).toHaveCount(0);
    });
  });

  test("a member's own profile is their public profile's kept page, their tools drawn by the server before any script runs", async ({ browser, baseURL, createMember }) => {
    const member = await createMember();
    await giveTopLists(member, { parks: ["futuroscope"] });
    const publicProfile = `/fr/profile/${member.id}`;
    // The public profile, kept for visitors: none of the owner's tools.
    const visitor = await fetch(`${baseURL}${publicProfile}`, { headers: BROWSER });
    const visitorHtml = await visitor.text();
    expect(visitor.headers.get("cache-control")).toContain("public");
    // (Their texts are in the page's messages: the markup is what tells.)
    expect(visitorHtml).toContain('<parcours-slot data-slot="profile-settings"></parcours-slot>');
    expect(visitorHtml).toContain('<parcours-slot data-slot="profile-play-duels"></parcours-slot>');
    expect(visitorHtml).not.toContain('id="my-suggestions"');
    // Nor their texts: the public profile's data carries only what it shows (decision 0080).
    expect(visitorHtml).not.toContain("Ils ont les mêmes goûts que vous");
    expect(visitorHtml).not.toContain("Mes suggestions");

    await inOwnBrowser(browser, baseURL!, member, async (page) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const answer = await page.goto("/fr/profile");
      expect(answer!.headers()["cache-control"]).toBe("private, no-store");
      const html = await answer!.text();
      expect(memberPart(html)?.slots).toBe(true);
      // Their tools' texts in a script of their own, before the page's scripts (decisions 0069, 0080); and their
      // reviews, the public page's, not sent twice.
      expect(html).toMatch(/<script src="\/assets\/member-messages\/profile\.fr\.[\w-]+\.js"><\/script>/);
      expect(html.search(/\/assets\/member-messages\/profile\./)).toBeLessThan(html.indexOf('type="module"'));
      expect(memberPart(html)?.part).not.toHaveProperty("reviews");
      // The head is the public profile's (its canonical address): the page is that one, shared.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${publicProfile}$`));
      await expect(page.getByRole("link", { name: "Paramètres du compte" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Jouer aux duels" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Mes suggestions" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Mes avis" })).toBeVisible();
      // Their top 10 in its editor: the search field, and the park they had.
      await expect(page.getByRole("searchbox", { name: "Ajouter un parc à mon top 10" })).toBeVisible();
      await expect(page.getByTestId("top-list-item").filter({ hasText: "Futuroscope" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: `Mon compte : ${member.username}` })).toBeVisible();
    });
  });

  test("a member's fresh writes show on their own profile at once; their plans never reach another member nor a visitor", async ({
    page,
    browser,
    baseURL,
    signInAsNewMember,
    createMember,
  }) => {
    const author = await signInAsNewMember();
    const secret = `Plan secret ${crypto.randomBytes(3).toString("hex")}`;
    // The own profile, and so the public profile's page, kept before the writes.
    await page.goto("/fr/profile");
    await waitForHydration(page);
    // A plan saved as the park page's plan saves it: 'Mes plans de visite' shows it at the next load.
    const saved = await page.evaluate(async (name) => {
      const parks = (await (await fetch("/api/v1/parks?limit=1")).json()) as { data: Array<{ id: string; name: string }> };
      const park = parks.data[0]!;
      const answer = await fetch(`/api/plans/${park.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "save", version: 0, name, entries: [] }),
      });
      return { park: park.name, ok: ((await answer.json()) as { ok: boolean }).ok };
    }, secret);
    expect(saved.ok).toBe(true);
    // A park added to their top 10 in the editor: a write that the kept public page must not hide.
    const parks = page.getByRole("region", { name: "Mon top 10 des parcs" });
    await parks.getByRole("searchbox", { name: "Ajouter un parc à mon top 10" }).fill("Futuroscope");
    // The item shows at once, before the server has answered: the write is done once its answer is in.
    const written = page.waitForResponse((answer) => answer.request().method() === "POST" && new URL(answer.url()).pathname.startsWith("/fr/profile/top-lists"));
    await parks.getByRole("button", { name: "Ajouter Futuroscope à mon top 10" }).click();
    expect((await written).status()).toBe(200);

    const again = await page.goto("/fr/profile");
    expect(memberPart(await again!.text())?.slots).toBe(true);
    await waitForHydration(page);
    const plans = page.getByRole("region", { name: "Mes plans de visite" });
    await expect(plans.getByRole("link", { name: saved.park })).toBeVisible();
    await expect(plans.getByText(secret)).toBeVisible();
    await expect(page.getByTestId("top-list-item").filter({ hasText: "Futuroscope" })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expectAccessible(page);

    // Another member: their own profile and the author's public one, with none of the author's plans nor tools.
    const reader = await createMember();
    await inOwnBrowser(browser, baseURL!, reader, async (readerPage) => {
      for (const address of ["/fr/profile", `/fr/profile/${author.id}`]) {
        const answer = await readerPage.goto(address);
        const html = await answer!.text();
        expect(memberPart(html)?.user.id).toBe(reader.id);
        expect(html).not.toContain(secret);
        expect(JSON.stringify(memberPart(html))).not.toContain(author.id);
        await waitForHydration(readerPage);
        await expect(readerPage.getByText(secret)).toHaveCount(0);
      }
      await expect(readerPage.getByRole("link", { name: "Paramètres du compte" })).toHaveCount(0);
      await expect(readerPage.getByRole("heading", { name: "Mes plans de visite" })).toHaveCount(0);
      // The public top 10 is everyone's: the author's new park is there.
      await expect(readerPage.getByRole("main").getByRole("link", { name: "Futuroscope", exact: true }).first()).toBeVisible();
    });

    const visitor = await fetch(`${baseURL}/fr/profile/${author.id}`, { headers: BROWSER });
    const visitorHtml = await visitor.text();
    expect(memberPart(visitorHtml)).toBeNull();
    expect(visitorHtml).not.toContain(secret);
    expect(visitorHtml).toContain("Futuroscope");
  });
});
