import { expect, expectAccessible, runTastesJob, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// "Pour vous" and "Ils ont les mêmes goûts que vous" (docs/rules/profiles.md#for-you, decision 0078). Félix belongs to
// the demo's planted taste group (app/server/demo/taste-group.ts): the rides the others all rated 5 and he has not
// are his first. The tastes job runs here at once (the server's own first run is a minute after start).

const FELIX = "felix@demo.parcours.local";
const HIS_RIDES = ["Droomvlucht", "Piraten in Batavia", "Chiapas – Die Wasserbahn"];

test.describe("for you", () => {
  test.beforeAll(async () => {
    await runTastesJob();
  });

  test("Félix's own profile lists the rides his taste group loves, why, and the members of his taste", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, baseURL!, FELIX);
    await page.goto("/fr/profile");
    const section = page.getByRole("region", { name: "Pour vous" });
    const listed = section.locator("ol.taste-list > li");
    await expect(listed).toHaveCount(10);
    const firstThree = await listed.evaluateAll((items) => items.slice(0, 3).map((item) => item.querySelector("a")!.textContent));
    expect(firstThree.sort()).toEqual([...HIS_RIDES].sort());
    for (const index of [0, 1, 2]) await expect(listed.nth(index)).toContainText(/Adorée par \d+ membres aux goûts proches des vôtres/);
    const neighbours = section.getByRole("list", { name: "Ils ont les mêmes goûts que vous" }).getByRole("listitem");
    await expect(neighbours).toHaveCount(5);
    await expect(neighbours.first()).toContainText(/— \d+ attractions notées en commun/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    // A ride's link leads to its page.
    await section.getByRole("link", { name: "Droomvlucht" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Droomvlucht");
  });

  test("the park page shows him his rides of the park; nobody else sees his", async ({ page, baseURL, browser }) => {
    await signIn(page, baseURL!, FELIX);
    await page.goto("/fr/efteling");
    const forYou = page.getByRole("region", { name: "Pour vous dans ce parc" });
    await expect(forYou.getByRole("link", { name: "Droomvlucht" })).toBeVisible();
    await expect(forYou).toContainText(/Adorée par \d+ membres aux goûts proches des vôtres/);
    await expectAccessible(page);
    // His public profile's address, from his own profile's canonical link.
    await page.goto("/fr/profile");
    const publicProfile = new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname;
    expect(publicProfile).toMatch(/^\/fr\/profile\/[\w-]+$/);

    // A visitor, and another member, get neither his park list nor his profile's.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    await visitor.goto(`${baseURL}/fr/efteling`);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByRole("region", { name: "Pour vous dans ce parc" })).toHaveCount(0);
    await visitor.goto(`${baseURL}${publicProfile}`);
    await expect(visitor.getByRole("region", { name: "Pour vous" })).toHaveCount(0);
    await signIn(visitor, baseURL!, "tom@demo.parcours.local");
    await visitor.goto(`${baseURL}${publicProfile}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Felix_Frissons");
    await expect(visitor.getByText("Droomvlucht")).toHaveCount(0);
    await expect(visitor.getByRole("region", { name: "Pour vous" })).toHaveCount(0);
    await context.close();
  });
});
