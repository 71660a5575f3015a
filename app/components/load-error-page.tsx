import { useTranslation } from "~/i18n/translation-context";
import { localizedPath } from "~/domain/languages";
import { useLanguage } from "./root-data";

/** A page whose data could not be loaded (not a 404): its own message from the spec's catalogue, and the way home. */
export function LoadErrorPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`${title} — ${t("common.appName")}`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-stone-600">{t("errors.serverErrorBody")}</p>
      <a href={localizedPath(language, "/")} className="mt-8 inline-block rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
        {t("common.backHome")}
      </a>
    </section>
  );
}
