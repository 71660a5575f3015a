import { expect, test } from "./support/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

const SCREENS = ["", "/parks", "/attractions", "/users", "/ratings", "/comments", "/suggestions", "/settings", "/log"];

test.describe("back office titles", () => {
  test("every admin screen has a worded tab title in both languages, never a message key", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, DEMO_ADMIN);
    for (const screen of SCREENS) {
      const titles: string[] = [];
      for (const prefix of ["", "/en"]) {
        await page.goto(`${prefix}/admin${screen}`);
        const title = await page.title();
        expect(title, `${prefix}/admin${screen}`).toMatch(/^[^.]+ — Parcours$/);
        expect(title).not.toContain("undefined");
        titles.push(title);
      }
      // Worded in each language: the French and English titles differ.
      expect(new Set(titles).size, `/admin${screen}`).toBe(2);
    }
  });
});
