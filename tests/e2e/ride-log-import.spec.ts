import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./support/fixtures";

/** The ride log's import and export (docs/rules/ride-log.md#import-and-export), as a member uses them. */
const FILE = [
  "parc;attraction;date;nombre;note",
  "PARC ASTERIX;toutatis;14/07/2025;3;Premier rang",
  "Parc Astérix;Goudourix;2025-07-14;;",
  "Disneyland Paris;Big Thunder Mountain;;1;",
  "Parc Astérix;Le Grand Frisson 3000;;;",
].join("\n");

const previewTable = (page: Page) => page.getByRole("region", { name: "Lignes du fichier et leurs correspondances" });
const imports = (page: Page) => page.getByRole("region", { name: "Mes imports" });

async function chooseFile(page: Page, text: string) {
  await page.getByLabel("Fichier CSV", { exact: true }).setInputFiles({ name: "carnet.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${text}`, "utf8") });
  await page.getByRole("button", { name: "Voir l'aperçu" }).click();
}

test.describe("importing and exporting the ride log", () => {
  test("a member previews a file with an unmatched line, keeps what they want, imports, sees the entries and undoes", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/profile/ride-log");
    await waitForHydration(page);
    await expect(imports(page).getByText("Aucun import pour l'instant.")).toBeVisible();

    await chooseFile(page, FILE);
    const table = previewTable(page);
    await expect(page.getByText("4 lignes lues. Correspondances exactes : 2 ; par un ancien nom : 0 ; proches, à vérifier : 1 ; introuvables : 1.")).toBeVisible();
    await expect(page.getByText("Ligne 5 : Parc Astérix — Le Grand Frisson 3000")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(table.getByRole("row", { name: /Goudourix/ })).toContainText("Goudurix (Parc Astérix)");
    await expect(table.getByRole("row", { name: /Goudourix/ })).toContainText("Proche, à vérifier");
    await expect(table.getByRole("row", { name: /Big Thunder Mountain/ })).toContainText("Exacte");
    await expectAccessible(page);

    // Nothing is written before the confirmation.
    await page.reload();
    await expect(imports(page).getByText("Aucun import pour l'instant.")).toBeVisible();
    await chooseFile(page, FILE);

    // The keyboard unticks the close match.
    const close = previewTable(page).getByRole("checkbox", { name: "Garder la ligne 3 : Goudourix" });
    await close.focus();
    await page.keyboard.press("Space");
    await expect(close).not.toBeChecked();
    await page.getByRole("button", { name: "Importer les lignes cochées" }).click();

    await expect(page.getByText("2 passages importés.")).toBeVisible();
    await expect(previewTable(page)).toHaveCount(0);
    const made = imports(page).getByRole("listitem").filter({ hasText: "Import du" });
    await expect(made).toHaveCount(1);
    await expect(made).toContainText(": 2 passages");
    const entries = made.getByRole("list", { name: /^Passages de l'import du/ });
    await expect(entries.getByRole("listitem")).toHaveText(["Toutatis (Parc Astérix) · 14 juil. 2025 · 3 tours", "Big Thunder Mountain (Disneyland Paris) · Date inconnue · 1 tour"]);
    await expectAccessible(page);

    // The export holds them, in a file that imports back.
    const csv = await page.request.get("/api/ride-log/export.csv");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="parcours-ride-log-/);
    expect((await csv.text()).replace(/^\uFEFF/, "")).toBe("park,ride,date,count,note\r\nParc Astérix,Toutatis,2025-07-14,3,Premier rang\r\nDisneyland Paris,Big Thunder Mountain,,1,\r\n");

    await made.getByRole("button", { name: /^Annuler l'import du / }).click();
    await expect(page.getByText("Import annulé : 2 passages retirés de votre carnet.")).toBeVisible();
    await expect(imports(page).getByText("Aucun import pour l'instant.")).toBeVisible();
    expect((await (await page.request.get("/api/ride-log/export.json")).json()).entries).toEqual([]);
  });

  test("a file that does not read says which lines, and writes nothing; the page fits a 360 px screen", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/fr/profile/ride-log");
    await waitForHydration(page);
    await chooseFile(page, "park,ride,date\nParc Astérix,Toutatis,hier\nParc Astérix,Goudurix,31/02/2025\nParc Astérix,OzIris,2025-07-14");
    await expect(page.getByRole("alert")).toHaveText("Lignes 2, 3 : date illisible (AAAA-MM-JJ, JJ/MM/AAAA ou JJ.MM.AAAA, à partir de 1900).");
    await expect(previewTable(page)).toHaveCount(0);

    await chooseFile(page, FILE);
    await expect(previewTable(page)).toBeVisible();
    // Neither the page nor the table scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await previewTable(page).evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    await expectAccessible(page);
  });

  test("a visitor is sent to the login page, and the export answers 401", async ({ page }) => {
    await page.goto("/fr/profile/ride-log");
    await expect(page).toHaveURL(/\/fr\/login\?redirectTo=%2Ffr%2Fprofile%2Fride-log$/);
    expect((await page.request.get("/api/ride-log/export.csv")).status()).toBe(401);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the preview, the confirmation and the undoing are plain form posts", async ({ page, signInAsNewMember }) => {
    await signInAsNewMember();
    await page.goto("/fr/profile/ride-log");
    await chooseFile(page, FILE);
    await expect(previewTable(page).getByRole("row")).toHaveCount(4);
    await previewTable(page).getByRole("checkbox", { name: "Garder la ligne 2 : toutatis" }).uncheck();
    await page.getByRole("button", { name: "Importer les lignes cochées" }).click();
    await expect(page.getByText("2 passages importés.")).toBeVisible();
    await imports(page).getByRole("button", { name: /^Annuler l'import du / }).click();
    await expect(page.getByText("Import annulé : 2 passages retirés de votre carnet.")).toBeVisible();
  });
});
