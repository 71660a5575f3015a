import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { SuggestionTargetView } from "~/domain/suggestion-page";
import { useLocalizedHref } from "../root-data";
import { SuggestionForm } from "./suggestion-form";

/** The page of a suggestion (/parks/{id}/suggest, /attractions/{id}/suggest): the form, titled with the target's name. */
export function SuggestionPage({ target }: { target: SuggestionTargetView }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to={href(target.path)} className="text-sm font-medium text-teal-800 hover:underline">
        ← {t("suggestions.form.backTo", { name: target.name })}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold">{t("suggestions.form.title", { name: target.name })}</h1>
      <p className="mt-2 text-stone-700">{t("suggestions.form.intro")}</p>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-6">
        <SuggestionForm target={target} />
      </div>
    </div>
  );
}
