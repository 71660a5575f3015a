/**
 * Read-side rules of the park page (docs/rules/catalogue.md#park-scores, docs/rules/catalogue.md#recommended-visit-duration) over the
 * maintained aggregates.
 */
/** A review's recommended visit; the database enum takes this list. */
export const VISIT_DURATIONS = ["half_day", "full_day", "two_days"] as const;
export type VisitDuration = (typeof VISIT_DURATIONS)[number];

/** The most frequent visit duration among reviews; a tie goes to the longer visit, the safer plan. */
export function recommendedVisitDuration(counts: Record<VisitDuration, number>): VisitDuration | null {
  let best: VisitDuration | null = null;
  for (const duration of VISIT_DURATIONS) {
    if (counts[duration] > 0 && (best === null || counts[duration] >= counts[best])) best = duration;
  }
  return best;
}

/** Whom a ride suits, as its raters say; the database enum takes this list. */
export const AUDIENCES = ["thrill", "kids", "general"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The audience an attraction is shown for: the one its raters chose most; a tie reads as general. */
export function dominantAudience(counts: Record<Audience, number>): Audience | null {
  const highest = Math.max(counts.thrill, counts.kids, counts.general);
  if (highest === 0) return null;
  const leaders = AUDIENCES.filter((audience) => counts[audience] === highest);
  return leaders.length === 1 ? leaders[0]! : "general";
}

type RideSort = "rating" | "name";

export type RideFilters = { text: string; sort: RideSort; audience: Audience | null };

export function readRideFilters(params: URLSearchParams): RideFilters {
  const sort = params.get("sort");
  const audience = params.get("audience");
  return {
    text: (params.get("q") ?? "").slice(0, 100),
    sort: sort === "name" ? "name" : "rating",
    audience: (AUDIENCES as readonly string[]).includes(audience ?? "") ? (audience as Audience) : null,
  };
}

type Filterable = { name: string; averageRating: number | null; ratingCount: number; audience: Audience | null };

/** The park's attraction list as filtered: name contains the text, audience matches, sorted by rating (default) or name. */
export function filterRides<T extends Filterable>(items: readonly T[], filters: RideFilters, fold: (text: string) => string): T[] {
  const wanted = fold(filters.text);
  const kept = items.filter(
    (item) => (!wanted || fold(item.name).includes(wanted)) && (!filters.audience || item.audience === filters.audience),
  );
  return kept.sort((a, b) =>
    filters.sort === "name"
      ? a.name.localeCompare(b.name, "fr", { sensitivity: "base" })
      : (b.averageRating ?? -1) - (a.averageRating ?? -1) || b.ratingCount - a.ratingCount || a.name.localeCompare(b.name, "fr"),
  );
}
