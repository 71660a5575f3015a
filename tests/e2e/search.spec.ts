import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

test.describe("search suggestions", () => {
  test("typing 'asteri' suggests Parc Astérix, reached with the keyboard", async ({ page }) => {
    await page.goto("/fr/");
    await waitForHydration(page);
    const box = page.getByRole("combobox", { name: "Rechercher un parc ou une attraction..." });
    await box.fill("a");
    await expect(page.getByRole("listbox")).toBeHidden();
    await box.fill("asteri");
    const listbox = page.getByRole("listbox");
    await expect(listbox.getByRole("group", { name: "Parcs" }).getByRole("option").first()).toContainText("Parc Astérix");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expectAccessible(page);
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/fr\/parc-asterix$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc Astérix");
  });

  test("suggests rides with their park, and says when nothing matches", async ({ page }) => {
    await page.goto("/en/");
    await waitForHydration(page);
    const box = page.getByRole("combobox", { name: "Search for a park or a ride..." });
    await box.fill("silver st");
    const option = page.getByRole("group", { name: "Rides" }).getByRole("option").first();
    await expect(option).toContainText("Silver Star");
    await expect(option).toContainText("Europa-Park");
    await box.fill("zzqqxx");
    await expect(page.getByRole("listbox")).toContainText("No results found");
    await box.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
  });
});
