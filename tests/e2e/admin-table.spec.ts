import crypto from "node:crypto";
import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { approveParkAsAdmin, contributePark, expect, expectAccessible, logAsModerator, suggestEdit, test } from "./support/fixtures";

// Every list of the back office draws its rows with one component (app/components/admin/admin-table.tsx). The first
// table of each screen is checked (the dashboard's first one: its pending parks); `actions` says whether its rows have
// buttons (the log's do not).
const LISTS = [
  { path: "/admin", actions: true },
  { path: "/admin/parks", actions: true },
  { path: "/admin/attractions", actions: true },
  { path: "/admin/users", actions: true },
  { path: "/admin/ratings", actions: true },
  { path: "/admin/suggestions", actions: true },
  { path: "/admin/log", actions: false },
] as const;

test.describe("the back office's tables", () => {
  test("share their headers and compact actions on a desktop, and become labelled cards within a phone's width", async ({ page, baseURL, createMember }) => {
    test.setTimeout(180_000);
    // Something on every screen: a pending park (the dashboard), a suggestion, a log entry.
    const member = await createMember();
    const tag = crypto.randomBytes(3).toString("hex");
    await contributePark(member, `Parc Tableaux ${tag}`);
    const published = await contributePark(member, `Parc Suggéré ${tag}`);
    await approveParkAsAdmin(published.id);
    await suggestEdit(await createMember(), "park", published.id, { adultPrice: "31", reason: "Nouveau tarif" });
    await logAsModerator(member, { action: "suspend", targetType: "user", targetId: member.id, details: "Essai" });

    await signIn(page, baseURL!, DEMO_ADMIN);
    for (const list of LISTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(list.path);
      const box = page.locator(".admin-table").first();
      const table = box.locator("> table");
      await expect(table, list.path).toHaveCount(1);
      // A caption names the list; the headers are the same small capitals everywhere.
      await expect(table.locator("caption")).not.toBeEmpty();
      const header = table.getByRole("columnheader").first();
      await expect(header).toHaveCSS("text-transform", "uppercase");
      await expect(header).toHaveCSS("font-size", "12px");
      const actions = table.getByRole("group").first();
      if (list.actions) {
        // Every action of a row on one line, each button the same compact size.
        const buttons = actions.locator("a, button");
        const heights = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
        const tops = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
        expect(new Set(heights).size).toBe(1);
        expect(new Set(tops).size).toBe(1);
      }

      await page.setViewportSize({ width: 390, height: 844 });
      // A card per row: the column headers out of sight, each cell named by its column, nothing wider than the phone.
      await expect(table.locator("> thead")).toHaveCSS("position", "absolute");
      const firstRow = table.locator("> tbody > tr").first();
      await expect(firstRow).toHaveCSS("display", "block");
      const cell = firstRow.locator("[data-label]").nth(1);
      expect(await cell.evaluate((element) => getComputedStyle(element, "::before").content)).toBe(`"${await cell.getAttribute("data-label")}"`);
      // The table itself (the page's header, signed in, is another matter): within the phone's width, nothing overflowing it.
      const size = await box.evaluate((element) => ({
        right: Math.round(element.getBoundingClientRect().right),
        overflow: element.scrollWidth - element.clientWidth,
        widest: Math.max(...[...element.querySelectorAll("tbody *")].map((child) => Math.round(child.getBoundingClientRect().right))),
      }));
      expect(size.right).toBeLessThanOrEqual(390);
      expect(size.overflow).toBe(0);
      expect(size.widest).toBeLessThanOrEqual(size.right);
      if (list.actions) {
        await actions.scrollIntoViewIfNeeded();
        await expect(actions.locator("a, button").last()).toBeInViewport({ ratio: 1 });
      }
      await expectAccessible(page);
    }
  });
});
