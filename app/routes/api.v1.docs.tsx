import { useTranslation } from "~/i18n/translation-context";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import type { ApiDocsOperation, ApiDocsShape } from "~/domain/api-docs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedHref } from "~/components/root-data";
import { CC_BY_SA_URL, ODBL_URL } from "~/domain/data-licences";
import { apiDocsView } from "~/server/api/api-docs";
import { requestT } from "~/server/i18n";
import type { Route } from "./+types/api.v1.docs";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

/**
 * /fr/api, /en/api: the public read API's documentation (decision 0036), server-rendered from the
 * generated OpenAPI document, in the page's language: the loader translates the operations, parameters
 * and answers (the schemas' JSON stays as programs read it). No script of its own: plain HTML, links
 * and <details>.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...apiDocsView(context.config.publicUrl, context.config.apiRequestsPerMinute, requestT(request)), messages: routeMessages(requestLanguage(request), ["api.docs"]) };
}

const LINK = "text-teal-800 underline";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t) return [];
  return pageMeta(`${t("api.docs.title")} — ${t("common.appName")}`, t("api.docs.intro"), pageIdentity(matches));
}

export default function ApiDocs({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("api.docs.title")}</h1>
      <p className="mt-3 leading-relaxed text-stone-800">{t("api.docs.intro")}</p>
      <DocsSection id="api-usage" title={t("api.docs.usage")}>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold">{t("api.docs.baseUrl")}</dt>
          <dd>
            <code className="break-all">{view.baseUrl}</code>
          </dd>
          <dt className="font-semibold">{t("api.docs.openapi")}</dt>
          <dd>
            <a className={`break-all ${LINK}`} href={view.documentUrl}>
              {view.documentUrl}
            </a>
          </dd>
          <dt className="font-semibold">{t("api.docs.rateLimit")}</dt>
          <dd>{t("api.docs.rateLimitValue", { count: view.requestsPerMinute })}</dd>
        </dl>
      </DocsSection>
      <DocsSection id="api-reuse" title={t("api.docs.reuse")}>
        <p className="mt-3 leading-relaxed text-stone-800">{t("api.docs.licence")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          <li>
            <Link className={LINK} to={`${href("/terms")}#terms-licence`}>
              {t("api.docs.termsLink")}
            </Link>
          </li>
          <li>
            <a className={LINK} href={ODBL_URL}>
              ODbL 1.0
            </a>
          </li>
          <li>
            <a className={LINK} href={CC_BY_SA_URL}>
              CC BY-SA 4.0
            </a>
          </li>
        </ul>
      </DocsSection>
      <DocsSection id="api-endpoints" title={t("api.docs.endpoints")}>
        {view.operations.map((operation) => (
          <OperationSection key={operation.id} operation={operation} />
        ))}
      </DocsSection>
      <DocsSection id="api-shapes" title={t("api.docs.schemas")} spaced>
        {view.shapes.map((shape) => (
          <ShapeDetails key={shape.name} shape={shape} />
        ))}
      </DocsSection>
    </article>
  );
}

/** One part of the page, under its heading: how to call, reuse, the operations, the shapes. */
function DocsSection({ id, title, spaced, children }: { id: string; title: string; spaced?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={spaced ? "mt-10" : "mt-8"}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OperationSection({ operation }: { operation: ApiDocsOperation }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`op-${operation.id}`} className="mt-6 rounded-lg border border-stone-300 p-4">
      <h3 id={`op-${operation.id}`} className="font-mono text-base font-bold">
        {operation.method} {operation.path}
      </h3>
      <p className="mt-1 font-semibold">{operation.summary}</p>
      <p className="mt-1 text-sm leading-relaxed text-stone-800">{operation.description}</p>
      <h4 className="mt-3 text-sm font-bold">{t("api.docs.parameters")}</h4>
      {operation.parameters.length === 0 ? (
        <p className="text-sm text-stone-700">{t("api.docs.noParameters")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {operation.parameters.map((parameter) => (
            <li key={parameter.name}>
              <code className="font-semibold">{parameter.name}</code> ({parameter.location}
              {parameter.required ? `, ${t("api.docs.required")}` : ""}; {parameter.type}){parameter.description ? ` — ${parameter.description}` : ""}
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-3 text-sm font-bold">{t("api.docs.responses")}</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {operation.responses.map((response) => (
          <li key={response.status}>
            <code className="font-semibold">{response.status}</code> {response.description}
            {response.shape ? (
              <>
                {" — "}
                <a className="text-teal-800 underline" href={`#shape-${response.shape}`}>
                  {response.shape}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShapeDetails({ shape }: { shape: ApiDocsShape }) {
  return (
    <details id={`shape-${shape.name}`} className="mt-3 rounded-lg border border-stone-300 p-3">
      <summary className="cursor-pointer font-mono font-bold">
        {shape.name}
        {shape.description ? <span className="ml-2 font-sans font-normal text-stone-700">{shape.description}</span> : null}
      </summary>
      {/* Wrapped rather than scrolled sideways: a scrolling box would need to take the keyboard focus. */}
      <pre className="mt-2 whitespace-pre-wrap break-words text-xs leading-snug">
        {shape.schema}
      </pre>
    </details>
  );
}

export const ErrorBoundary = routeErrorBoundary();
