import type { RideTypeName } from "./ride-types";
import { formatDuration, formatKilometres, formatNumber } from "./format";
import type { Language } from "./languages";
import { dominantAudience, type Audience } from "./park-scores";
import { manufacturerPath, type ManufacturerRef } from "./ride-manufacturers";

/**
 * The info cards of an attraction page (docs/rules/catalogue.md#ride-facts): type and audience,
 * characteristics, restrictions, information, opening. Each card lists only the
 * facts the attraction has, and a card without facts is left out. Values are
 * formatted for the page language here; the page only translates the keys.
 */

export type RideFacts = {
  type: RideTypeName;
  status: "operating" | "removed";
  audienceCounts: Record<Audience, number>;
  height: number | null;
  maxSpeed: number | null;
  trackLength: number | null;
  inversions: number | null;
  duration: number | null;
  capacityPerHour: number | null;
  minHeightAlone: number | null;
  minHeightForbidden: number | null;
  openingYear: number | null;
  manufacturer: ManufacturerRef | null;
  model: string | null;
  park: { name: string; slug: string; openingHours: string | null };
  creator: { id: string; username: string } | null;
};

type Unit = "metres" | "kmPerHour" | "perHour" | "centimetres" | "maxHeight";

/** Shown as is (a name, a year, free text), or a message to translate with its values. */
export type FactValue =
  | { text: string; href?: string }
  | { key: `attraction.units.${Unit}`; values: { value: string } }
  | { key: `attractionTypes.${RideTypeName}` | `park.audiences.${Audience}` | `attraction.status.${RideFacts["status"]}` };

type FactLabel =
  | "manufacturer"
  | "model"
  | "type"
  | "audience"
  | "height"
  | "maxSpeed"
  | "trackLength"
  | "inversions"
  | "duration"
  | "capacity"
  | "minHeightAlone"
  | "minHeightAccompanied"
  | "maxHeight"
  | "park"
  | "openingYear"
  | "status"
  | "creator"
  | "openingHours";

export type Fact = { label: FactLabel; value: FactValue };
export type FactCard = { id: "audience" | "characteristics" | "restrictions" | "information" | "opening" | "standing"; facts: Fact[] };

export function rideFactCards(ride: RideFacts, language: Language): FactCard[] {
  const number = (value: number) => formatNumber(value, language);
  const unit = (name: Unit, value: string): FactValue => ({ key: `attraction.units.${name}`, values: { value } });
  const audience = dominantAudience(ride.audienceCounts);
  const cards: FactCard[] = [
    {
      id: "audience",
      facts: present(
        { label: "type", value: { key: `attractionTypes.${ride.type}` } },
        // The audience is what raters said (docs/rules/ratings.md#audiences), so it is absent until someone rates.
        audience ? { label: "audience", value: { key: `park.audiences.${audience}` } } : null,
      ),
    },
    {
      id: "characteristics",
      facts: present(
        fact("manufacturer", ride.manufacturer, (maker) => ({ text: maker.name, href: manufacturerPath(maker.slug) })),
        fact("model", ride.model, (model) => ({ text: model })),
        fact("height", ride.height, (metres) => unit("metres", number(metres))),
        fact("maxSpeed", ride.maxSpeed, (speed) => unit("kmPerHour", number(speed))),
        fact("trackLength", ride.trackLength, (metres) => ({ text: formatKilometres(metres, language) })),
        fact("inversions", ride.inversions, (count) => ({ text: number(count) })),
        fact("duration", ride.duration, (seconds) => ({ text: formatDuration(seconds) })),
        fact("capacity", ride.capacityPerHour, (riders) => unit("perHour", number(riders))),
      ),
    },
    {
      id: "restrictions",
      facts: present(
        fact("minHeightAlone", ride.minHeightAlone, (cm) => unit("centimetres", number(cm))),
        forbiddenHeightFact(ride.minHeightAlone, ride.minHeightForbidden, number),
      ),
    },
    {
      id: "information",
      facts: present(
        { label: "park", value: { text: ride.park.name, href: `/${ride.park.slug}` } },
        fact("openingYear", ride.openingYear, (year) => ({ text: String(year) })),
        { label: "status", value: { key: `attraction.status.${ride.status}` } },
        ride.creator
          ? { label: "creator", value: { text: ride.creator.username, href: `/profile/${ride.creator.id}` } }
          : null,
      ),
    },
    {
      id: "opening",
      facts: present(fact("openingHours", ride.park.openingHours?.trim() || null, (hours) => ({ text: hours }))),
    },
  ];
  return cards.filter((card) => card.facts.length > 0);
}

/**
 * min_height_forbidden is read two ways: the contribution form asks for the minimum
 * height even accompanied (riding is forbidden below it, as French parks post it),
 * while the demo data and the product's only height label, 'Max {n}cm' (docs/rules/catalogue.md#ride-facts),
 * use it as a maximum (195 cm on rides whose minimum alone is 140 cm). The two
 * heights settle it: a threshold above the minimum to ride alone can only be a
 * maximum, shown with that label verbatim; otherwise it is the minimum
 * height even accompanied.
 */
function forbiddenHeightFact(alone: number | null, forbidden: number | null, number: (value: number) => string): Fact | null {
  if (forbidden === null) return null;
  const unit: Unit = alone !== null && forbidden > alone ? "maxHeight" : "centimetres";
  return {
    label: unit === "maxHeight" ? "maxHeight" : "minHeightAccompanied",
    value: { key: `attraction.units.${unit}`, values: { value: number(forbidden) } },
  };
}

function fact<T>(label: FactLabel, value: T | null, show: (value: T) => FactValue): Fact | null {
  return value === null ? null : { label, value: show(value) };
}

/** The facts the attraction has, in the order given. */
function present(...facts: Array<Fact | null>): Fact[] {
  return facts.filter((item): item is Fact => item !== null);
}
