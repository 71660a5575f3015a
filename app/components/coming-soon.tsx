import { useTranslation } from "~/i18n/translation-context";

/** A screen whose features arrive with a later issue: its title, and an honest note. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-4 text-stone-600">{t("common.comingSoonBody")}</p>
    </section>
  );
}
