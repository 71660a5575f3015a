import { routeErrorBoundary } from "~/components/route-error-boundary";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { CC_BY_SA_URL, ODBL_URL } from "~/domain/data-licences";
import type { Route } from "./+types/terms";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

const SECTIONS = ["acceptance", "licence", "userContent", "accuracy", "modifications", "contact"] as const;
type Section = (typeof SECTIONS)[number];

const LINK = "font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900";

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(requestLanguage(request), ["terms"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("terms.title"));
}

export default function Terms() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  // What a section adds after its body: the reuse of the data (decision 0047) and the way to reach us.
  const more: Partial<Record<Section, ReactNode>> = {
    licence: (
      <>
        <p className="mt-2 leading-relaxed text-stone-800">{t("terms.sections.licence.data")}</p>
        <p className="mt-2 leading-relaxed text-stone-800">{t("terms.sections.licence.api")}</p>
        <p className="mt-2 leading-relaxed text-stone-800">{t("terms.sections.licence.members")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            <Link to={href("/api")} className={LINK}>
              {t("terms.sections.licence.apiLink")}
            </Link>
          </li>
          <li>
            <a href={ODBL_URL} className={LINK}>
              {t("terms.sections.licence.odblLink")}
            </a>
          </li>
          <li>
            <a href={CC_BY_SA_URL} className={LINK}>
              {t("terms.sections.licence.ccBySaLink")}
            </a>
          </li>
        </ul>
      </>
    ),
    contact: (
      <p className="mt-2">
        <Link to={href("/contact")} className={LINK}>
          {t("terms.sections.contact.link")}
        </Link>
      </p>
    ),
  };
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
          {more[section]}
        </section>
      ))}
    </article>
  );
}

export const ErrorBoundary = routeErrorBoundary();
