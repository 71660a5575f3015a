import { describe, expect, it } from "vitest";
import { rideFactCards, type RideFacts, type FactCard, type FactValue } from "~/domain/ride-facts";
import type { Language } from "~/domain/languages";
import { createTranslator } from "~/i18n/translate";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";

const ride: RideFacts = {
  type: "roller_coaster",
  status: "operating",
  audienceCounts: { thrill: 7, kids: 0, general: 2 },
  height: 51.5,
  maxSpeed: 107,
  trackLength: 1075,
  inversions: 3,
  duration: 123,
  capacityPerHour: 1260,
  minHeightAlone: 130,
  minHeightForbidden: 195,
  openingYear: 2023,
  manufacturer: { name: "Intamin", slug: "intamin" },
  model: "Blitz Coaster",
  park: { name: "Parc Astérix", slug: "parc-asterix", openingHours: "10h00 - 18h00" },
  creator: { id: "user-1", username: "gaulois" },
};

/** The cards as a reader sees them: card title → label → text, through the real messages. */
function shown(cards: FactCard[], language: Language) {
  const t = createTranslator(language, language === "fr" ? fr : en);
  const text = (value: FactValue) => ("text" in value ? value.text : "values" in value ? t(value.key, value.values) : t(value.key));
  return Object.fromEntries(
    cards.map((card) => [
      t(`attraction.cards.${card.id}`),
      Object.fromEntries(card.facts.map((fact) => [t(`attraction.facts.${fact.label}`), text(fact.value)])),
    ]),
  );
}

describe("attraction info cards (docs/rules/catalogue.md#ride-facts)", () => {
  it("show every card with its facts formatted in French", () => {
    expect(shown(rideFactCards(ride, "fr"), "fr")).toEqual({
      "Type et public": { Type: "Montagnes russes", Public: "Sensations fortes" },
      Caractéristiques: {
        Constructeur: "Intamin",
        Modèle: "Blitz Coaster",
        Hauteur: "51,5 m",
        "Vitesse maximale": "107 km/h",
        "Longueur du parcours": "1,1 km",
        Inversions: "3",
        Durée: "2 min 3 s",
        Capacité: "1\u202f260 pers./h",
      },
      Restrictions: { "Taille minimale pour monter seul": "130 cm", "Taille maximale": "Max 195cm" },
      Informations: {
        Parc: "Parc Astérix",
        "Année d'ouverture": "2023",
        Statut: "En fonctionnement",
        "Ajoutée par": "gaulois",
      },
      Ouverture: { "Horaires du parc": "10h00 - 18h00" },
    });
  });

  it("format numbers the English way on English pages", () => {
    const cards = shown(rideFactCards({ ...ride, status: "removed" }, "en"), "en");
    expect(cards["Characteristics"]).toMatchObject({ Height: "51.5 m", "Track length": "1.1 km", Capacity: "1,260 riders/h" });
    expect(cards["Restrictions"]).toEqual({ "Minimum height to ride alone": "130 cm", "Maximum height": "Max 195cm" });
    expect(cards["Information"]).toMatchObject({ Status: "Closed" });
  });

  it("read a forbidden height below the minimum alone as the minimum even accompanied", () => {
    const restrictions = (minHeightAlone: number | null, minHeightForbidden: number | null) =>
      shown(rideFactCards({ ...ride, minHeightAlone, minHeightForbidden }, "fr"), "fr")["Restrictions"];
    expect(restrictions(120, 100)).toEqual({
      "Taille minimale pour monter seul": "120 cm",
      "Taille minimale, même accompagné": "100 cm",
    });
    expect(restrictions(null, 100)).toEqual({ "Taille minimale, même accompagné": "100 cm" });
    expect(restrictions(140, 195)).toEqual({ "Taille minimale pour monter seul": "140 cm", "Taille maximale": "Max 195cm" });
  });

  it("link the park and the author's profile, without the language prefix the page adds", () => {
    const information = rideFactCards(ride, "fr").find((card) => card.id === "information")!;
    expect(information.facts.map((fact) => fact.value)).toContainEqual({ text: "Parc Astérix", href: "/parc-asterix" });
    expect(information.facts.map((fact) => fact.value)).toContainEqual({ text: "gaulois", href: "/profile/user-1" });
  });

  it("leave out missing facts, and cards left without any", () => {
    const bare: RideFacts = {
      ...ride,
      audienceCounts: { thrill: 0, kids: 0, general: 0 },
      height: null,
      maxSpeed: null,
      trackLength: null,
      inversions: null,
      duration: null,
      capacityPerHour: null,
      minHeightAlone: null,
      minHeightForbidden: null,
      openingYear: null,
      manufacturer: null,
      model: null,
      park: { ...ride.park, openingHours: "  " },
      creator: null,
    };
    expect(shown(rideFactCards(bare, "fr"), "fr")).toEqual({
      "Type et public": { Type: "Montagnes russes" },
      Informations: { Parc: "Parc Astérix", Statut: "En fonctionnement" },
    });
  });

  it("link the manufacturer to its page, and show a model without a maker", () => {
    const characteristics = rideFactCards(ride, "en").find((card) => card.id === "characteristics")!;
    expect(characteristics.facts.slice(0, 2)).toEqual([
      { label: "manufacturer", value: { text: "Intamin", href: "/manufacturers/intamin" } },
      { label: "model", value: { text: "Blitz Coaster" } },
    ]);
    const modelOnly = rideFactCards({ ...ride, manufacturer: null }, "en").find((card) => card.id === "characteristics")!;
    expect(modelOnly.facts[0]).toEqual({ label: "model", value: { text: "Blitz Coaster" } });
  });

  it("keep a zero: a coaster without inversions says so", () => {
    const characteristics = rideFactCards({ ...ride, inversions: 0 }, "fr").find((card) => card.id === "characteristics")!;
    expect(characteristics.facts).toContainEqual({ label: "inversions", value: { text: "0" } });
  });

  it("show durations under a minute in seconds (docs/rules/catalogue.md#ride-facts)", () => {
    const characteristics = rideFactCards({ ...ride, duration: 45 }, "en").find((card) => card.id === "characteristics")!;
    expect(characteristics.facts).toContainEqual({ label: "duration", value: { text: "45 s" } });
  });

  it("quote the rules' audience and height labels verbatim", () => {
    expect(fr.park.audiences).toEqual({ thrill: "Sensations fortes", kids: "Pour enfants", general: "Tout public" });
    expect(createTranslator("fr", fr)("attraction.units.maxHeight", { value: "195" })).toBe("Max 195cm");
  });
});
