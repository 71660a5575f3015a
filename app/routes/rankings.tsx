import { data, redirect } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { RankingBoard } from "~/components/rankings/ranking-panels";
import { RANKINGS_NOTE_ID, RANKINGS_PANEL_ID, RankingTabs, rankingTabId } from "~/components/rankings/ranking-tabs";
import { TypeChoice } from "~/components/rankings/type-choice";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { rankedByType, rankingsSearch } from "~/domain/ranking-tabs";
import { packRanking, readRankingsView, type PackedRanking, type RankingsView } from "~/domain/rankings";
import { listManufacturerChoices } from "~/server/catalog/manufacturer-rides";
import { requestT } from "~/server/i18n";
import { loadRanking } from "~/server/rankings/rankings-page";
import type { Route } from "./+types/rankings";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

/**
 * /rankings (docs/rules/duels-and-rankings.md#rankings-page): five tabs, each its own address
 * (`?tab=duels`…), the ride rankings also per type (`&type=roller_coaster`)
 * and per manufacturer (`&manufacturer=intamin`, decision 0052).
 * Each address is one query over maintained aggregates (decision 0020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = readRankingsView(url.searchParams);
  const notFound = () => data(requestT(request)("errors.notFoundTitle"), { status: 404 });
  if (!view) throw notFound();
  // The filters submitted without JavaScript ask "all" as `type=` or `manufacturer=`: to the view's clean address.
  if (url.searchParams.get("type") === "" || url.searchParams.get("manufacturer") === "") {
    throw redirect(`${url.pathname}${rankingsSearch(view)}`);
  }
  // The ride tabs' filter lists the makers (a second, small statement); the chosen one is found in that list.
  const choices = rankedByType(view.tab) ? await listManufacturerChoices(context.db) : [];
  const maker = view.manufacturer ? choices.find((choice) => choice.slug === view.manufacturer) : undefined;
  if (view.manufacturer && !maker) throw notFound();
  return {
    view,
    ranking: packRanking(await loadRanking(context.db, view, maker?.id ?? null)),
    manufacturers: choices.filter((choice) => choice.hasRides || choice === maker).map(({ name, slug }) => ({ name, slug })),
    manufacturerName: maker?.name ?? null,
    messages: routeMessages(requestLanguage(request), ["rankings", "attractionTypes", "pages.rankings"]),
  };
}

/** Each tab and type is a page of its own for search engines too: the root puts its query in the canonical address and og:url. */
export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaded) return [];
  return pageMeta(`${pageHeading(t, loaded.view, loaded.manufacturerName)} — ${t("common.appName")}`, t(`rankings.notes.${loaded.view.tab}`), pageIdentity(matches));
}

type T = ReturnType<typeof useTranslation>["t"];

/** "Classement des duels : Montagnes russes · Intamin", or the tab's name alone. */
function pageHeading(t: T, { tab, type }: RankingsView, manufacturerName: string | null): string {
  const scope = [type ? t(`attractionTypes.${type}`) : null, manufacturerName].filter(Boolean).join(" · ");
  return scope ? t("rankings.caption", { ranking: t(`rankings.tabs.${tab}`), scope }) : t(`rankings.tabs.${tab}`);
}

export default function Rankings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, ranking, manufacturers, manufacturerName } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t("pages.rankings")}</h1>
      {/* A phone's first screen is for the rows: the introduction shows from `sm` up. */}
      <p className="mt-2 hidden max-w-3xl text-stone-600 sm:block">{t("rankings.intro")}</p>
      <div className="mt-3 sm:mt-8">
        <RankingTabs selected={view.tab} />
        <div id={RANKINGS_PANEL_ID} role="tabpanel" aria-labelledby={rankingTabId(view.tab)} tabIndex={0} className="pt-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700 sm:pt-4">
          {/* The order's explanation folds away (it describes the score column either way), so the rows come first. */}
          <details className="text-sm text-stone-600">
            <summary className="cursor-pointer py-1 font-medium text-teal-800">{t("rankings.howOrdered")}</summary>
            <p id={RANKINGS_NOTE_ID} className="mt-1 max-w-3xl">
              {t(`rankings.notes.${view.tab}`)}
            </p>
          </details>
          {rankedByType(view.tab) ? (
            <TypeChoice tab={view.tab} selected={view.type} manufacturers={manufacturers} selectedManufacturer={view.manufacturer} />
          ) : null}
          <div className="mt-3 sm:mt-4">
            <RankingPanel ranking={ranking} caption={pageHeading(t, view, manufacturerName)} view={view} />
          </div>
        </div>
      </div>
    </section>
  );
}

function RankingPanel({ ranking, caption, view }: { ranking: PackedRanking; caption: string; view: RankingsView }) {
  const { t } = useTranslation();
  if (ranking.rows.rows.length === 0) return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{t(emptyText(view))}</p>;
  return <RankingBoard ranking={ranking} caption={caption} />;
}

function emptyText({ tab, type, manufacturer }: RankingsView) {
  if (tab === "attractions") {
    return manufacturer ? "rankings.empty.attractionsOfManufacturer" : type ? "rankings.empty.attractionsOfType" : "rankings.empty.attractions";
  }
  if (tab === "duels") return manufacturer ? "rankings.empty.duelsOfManufacturer" : type ? "rankings.empty.duelsOfType" : "rankings.empty.duels";
  if (tab === "riders") return "rankings.empty.riders";
  return tab === "contributors" ? "rankings.empty.contributors" : "rankings.empty.reviewers";
}

export const ErrorBoundary = routeErrorBoundary("rankings.loadError");
