import { useTranslation } from "~/i18n/translation-context";
import { formatDecimal } from "~/domain/format";
import { StarIcon } from "./icons";
import { useLanguage } from "./root-data";

/** "★ 4.2 · 12 reviews", one decimal, with a full sentence for screen readers. */
export function AverageRating({ value, count, large = false }: { value: number; count: number; large?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = formatDecimal(value, language, 1);
  return (
    <span className={`flex items-center gap-1 ${large ? "text-lg font-semibold" : "text-sm font-medium"} text-stone-800`}>
      <StarIcon className={`${large ? "h-5 w-5" : "h-4 w-4"} text-amber-500`} />
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t("common.averageRatingOutOf5", { value: shown })}</span>
      <span className={`${large ? "text-base" : ""} font-normal text-stone-500`}>· {t("common.ratingsCount", { count })}</span>
    </span>
  );
}
