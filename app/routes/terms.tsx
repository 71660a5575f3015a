import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import type { Route } from "./+types/terms";

const SECTIONS = ["acceptance", "licence", "userContent", "accuracy", "modifications", "contact"] as const;

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("terms.title"));
}

export default function Terms() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("terms.title")}</h1>
      <p className="mt-2 text-sm text-stone-600">{t("terms.updated")}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`terms-${section}`} className="mt-8">
          <h2 id={`terms-${section}`} className="text-xl font-bold">
            {t(`terms.sections.${section}.title`)}
          </h2>
          <p className="mt-2 leading-relaxed text-stone-800">{t(`terms.sections.${section}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
