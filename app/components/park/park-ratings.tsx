import { useTranslation } from "~/i18n/translation-context";
import { formatDecimal } from "~/domain/format";
import type { VisitDuration } from "~/domain/park-scores";
import type { ServerDrawn } from "~/domain/server-drawn";
import { useLanguage } from "../root-data";
import { ServerSvg } from "../server-svg";

export type ParkScores = {
  averageRating: number | null;
  ratingCount: number;
  attractionsRating: number | null;
  categories: Record<"kidsFriendly" | "familyFriendly" | "thrill" | "theming" | "operations" | "value", number | null>;
  recommendedVisit: VisitDuration | null;
};

/**
 * Average ratings per category, overall and attractions quality (docs/rules/catalogue.md#park-scores), each category's
 * distribution drawn on the server (`charts`, decision 0035), and the recommended visit duration.
 */
export function ParkRatings({ park, charts }: { park: ParkScores; charts: ServerDrawn | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const score = (value: number | null) => (value === null ? "—" : t("park.ratings.outOf5", { value: formatDecimal(value, language, 1) }));
  const rows: Array<[string, number | null]> = [
    [t("park.ratings.overall"), park.averageRating],
    ...(Object.entries(park.categories) as Array<[keyof ParkScores["categories"], number | null]>).map(
      ([key, value]) => [t(`park.ratings.categories.${key}`), value] as [string, number | null],
    ),
    [t("park.ratings.attractionsQuality"), park.attractionsRating],
  ];
  return (
    <section aria-labelledby="ratings" className="mt-10 grid gap-6 md:grid-cols-3">
      <div className="md:col-span-2">
        <h2 id="ratings" className="text-xl font-bold">
          {t("park.ratings.title")}
        </h2>
        {park.ratingCount === 0 ? (
          <p className="mt-3 text-stone-600">{t("park.ratings.none")}</p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {rows.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-stone-200 bg-white p-3">
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="mt-1 font-semibold">{score(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        {/* Its heading comes with the markup: this page's script is at its budget. */}
        {charts ? <ServerSvg markup={charts} className="mt-6" /> : null}
      </div>
      <div>
        <h2 className="text-xl font-bold">{t("park.visitDuration.title")}</h2>
        <p className="mt-3 rounded-xl border border-stone-200 bg-white p-3 font-semibold">
          {park.recommendedVisit ? t(`park.visitDuration.${park.recommendedVisit}`) : "—"}
        </p>
      </div>
    </section>
  );
}

