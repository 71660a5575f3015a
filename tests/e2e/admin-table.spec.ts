import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { expect, expectAccessible, test } from "./support/fixtures";

// Every list screen of the back office draws its rows with one component (app/components/admin/admin-table.tsx).
const LISTS = ["/admin/parks", "/admin/attractions", "/admin/users", "/admin/ratings"] as const;

test.describe("the back office's tables", () => {
  test("share their headers and compact actions on a desktop, and become labelled cards within a phone's width", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, baseURL!, DEMO_ADMIN);
    for (const list of LISTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(list);
      const table = page.locator(".admin-table table");
      await expect(table).toHaveCount(1);
      // A caption names the list; the headers are the same small capitals everywhere.
      await expect(table.locator("caption")).not.toBeEmpty();
      const header = table.getByRole("columnheader").first();
      await expect(header).toHaveCSS("text-transform", "uppercase");
      await expect(header).toHaveCSS("font-size", "12px");
      // Every action of a row on one line, each button the same compact size.
      const actions = table.getByRole("group").first();
      const buttons = actions.locator("a, button");
      const heights = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
      const tops = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(new Set(heights).size).toBe(1);
      expect(new Set(tops).size).toBe(1);

      await page.setViewportSize({ width: 390, height: 844 });
      // A card per row: the column headers out of sight, each cell named by its column, nothing wider than the phone.
      await expect(table.locator("thead")).toHaveCSS("position", "absolute");
      const firstRow = table.locator("tbody > tr").first();
      await expect(firstRow).toHaveCSS("display", "block");
      const status = firstRow.locator("[data-label]").nth(1);
      expect(await status.evaluate((element) => getComputedStyle(element, "::before").content)).toBe(`"${await status.getAttribute("data-label")}"`);
      // The table itself (the page's header, signed in, is another matter): within the phone's width, nothing overflowing it.
      const box = await page.locator(".admin-table").evaluate((element) => ({
        right: Math.round(element.getBoundingClientRect().right),
        overflow: element.scrollWidth - element.clientWidth,
        widest: Math.max(...[...element.querySelectorAll("tbody *")].map((child) => Math.round(child.getBoundingClientRect().right))),
      }));
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.overflow).toBe(0);
      expect(box.widest).toBeLessThanOrEqual(box.right);
      await actions.scrollIntoViewIfNeeded();
      await expect(actions.locator("a, button").last()).toBeInViewport({ ratio: 1 });
    }
    await expectAccessible(page);
  });
});
