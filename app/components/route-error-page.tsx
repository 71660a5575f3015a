import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { useLocalizedHref } from "./root-data";

/**
 * The error page every route shows inside the site's shell: a translated title
 * and message for a missing page (404), a refusal (403) and anything else. A
 * route's own refusal text (`data("Parc non trouvé", { status: 404 })`) is the
 * heading; `loadFailedTitle` is a page's own message for data it could not load
 * (docs/rules/site.md#error-pages: one per page). An unexpected error's message and stack never
 * reach the page: the server logs them with the request id (entry.server.tsx),
 * and React Router replaces them with a generic error in production anyway.
 */
export function RouteErrorPage({ error, loadFailedTitle }: { error: unknown; loadFailedTitle?: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : status >= 500 ? (loadFailedTitle ?? null) : null;
  const [title, body] =
    status === 404
      ? [t("errors.notFoundTitle"), t("errors.notFoundBody")]
      : status === 403
        ? [t("errors.forbiddenTitle"), t("errors.forbiddenBody")]
        : [t("errors.serverErrorTitle"), t("errors.serverErrorBody")];
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`${detail ?? title} — ${t("common.appName")}`}</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">{t("errors.statusCode", { status })}</p>
      <h1 className="mt-2 text-3xl font-bold">{detail ?? title}</h1>
      <p className="mt-4 text-stone-600">{body}</p>
      <a href={href("/")} className="mt-8 inline-block rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
        {t("common.backHome")}
      </a>
    </section>
  );
}
