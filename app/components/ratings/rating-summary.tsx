import { useTranslation } from "~/i18n/translation-context";
import { StarIcon } from "../icons";

/** A given rating as stars, with its value for screen readers. */
export function StarsShown({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center" role="img" aria-label={t("ratings.stars.value", { count: value })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} className={`h-4 w-4 ${star <= value ? "text-amber-500" : "text-stone-300"}`} />
      ))}
    </span>
  );
}
