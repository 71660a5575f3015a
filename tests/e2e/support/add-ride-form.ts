import type { Locator, Page } from "@playwright/test";

/** Opens a park page's folded add-attraction form (docs/rules/catalogue.md#adding-a-ride) and returns its region. */
export async function openAddRideForm(page: Page): Promise<Locator> {
  const region = page.getByRole("region", { name: "Ajouter une attraction" });
  await region.getByRole("link", { name: "Ouvrir le formulaire" }).click();
  return region;
}
