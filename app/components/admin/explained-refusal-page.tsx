import type { ExplainedRefusal } from "~/domain/explained-refusal";
import { useTranslation } from "~/i18n/translation-context";

/** A refusal that says why and what to do (its words come translated from the server), in the error page's layout. */
export function ExplainedRefusalPage({ status, refusal }: { status: number; refusal: ExplainedRefusal }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`${refusal.title} — ${t("common.appName")}`}</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">{t("errors.statusCode", { status })}</p>
      <h1 className="mt-2 text-3xl font-bold">{refusal.title}</h1>
      <p className="mt-4 text-stone-600">{refusal.body}</p>
      <a href={refusal.link.href} className="mt-8 inline-block rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
        {refusal.link.label}
      </a>
    </section>
  );
}
