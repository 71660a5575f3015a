import { useTranslation } from "~/i18n/translation-context";
import { formatDecimal } from "~/domain/format";
import { useLanguage } from "./root-data";

/** "★ 4.2 · 12 reviews", one decimal, with a full sentence for screen readers. */
export function AverageRating({ value, count, large = false }: { value: number; count: number; large?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = formatDecimal(value, language, 1);
  return (
    // Component classes (app/app.css, decision 0061): this rating is repeated on every card of a list.
    <span className={large ? "rating rating-large" : "rating"}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t("common.averageRatingOutOf5", { value: shown })}</span>
      <span className={large ? "rating-count text-base" : "rating-count"}>{`· ${t("common.ratingsCount", { count })}`}</span>
    </span>
  );
}
