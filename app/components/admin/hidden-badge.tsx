import { useTranslation } from "~/i18n/translation-context";

/** Marks, in the back office, a review that auto-moderation hides from the public pages (decision 0017). */
export function HiddenBadge() {
  const { t } = useTranslation();
  return <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">{t("admin.comments.hidden")}</span>;
}
