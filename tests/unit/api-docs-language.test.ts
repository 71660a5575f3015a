import { describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import { apiDocsView } from "~/server/api/api-docs";
import { openApiDocument } from "~/server/api/openapi-document";

const PUBLIC_URL = "https://parcours.example";

describe("the API documentation page in the page's language", () => {
  const english = openApiDocument(PUBLIC_URL);
  const view = (language: "fr" | "en") => apiDocsView(PUBLIC_URL, 120, createTranslator(language, resources[language]));

  it("has a French text for every operation, parameter, answer and shape the document has", () => {
    const fr = resources.fr.apiReference;
    for (const item of Object.values(english.paths) as Array<{ get: { operationId: string; parameters: Array<{ name: string }>; responses: object } }>) {
      expect(fr.operations).toHaveProperty(item.get.operationId);
      for (const parameter of item.get.parameters) expect(fr.parameters).toHaveProperty(parameter.name);
      for (const status of Object.keys(item.get.responses)) expect(fr.responses).toHaveProperty(status);
    }
    for (const shape of Object.keys(english.components.schemas)) expect(fr.shapes).toHaveProperty(shape);
  });

  it("shows French words on the French page and the document's English on the English one", () => {
    const listParks = (language: "fr" | "en") => view(language).operations.find((operation) => operation.id === "listParks")!;
    expect(listParks("fr").summary).toBe("Lister les parcs");
    expect(listParks("fr").description).toContain("La pagination se fait par clé");
    expect(listParks("fr").parameters.find((parameter) => parameter.name === "limit")).toMatchObject({ description: "Parcs par page", type: expect.stringContaining("par défaut") });
    expect(listParks("fr").responses.find((response) => response.status === "429")?.description).toContain("Trop de requêtes");
    expect(view("fr").shapes.find((shape) => shape.name === "ParkPage")?.description).toBe("Une page de parcs ; suivez links.next jusqu'à ce qu'il soit null.");

    // The English page says what the document says.
    const document = english.paths["/parks"] as { get: { summary: string; description: string } };
    expect(listParks("en").summary).toBe(document.get.summary);
    expect(listParks("en").description).toBe(document.get.description);
    expect(view("en").requestsPerMinute).toBe(120);
  });

  it("never lets the English page drift from the document: every operation's words are the document's", () => {
    for (const [path, item] of Object.entries(english.paths) as Array<[string, { get: { summary: string; description: string } }]>) {
      const shown = view("en").operations.find((operation) => operation.path === path)!;
      expect([shown.summary, shown.description]).toEqual([item.get.summary, item.get.description]);
    }
  });
});
