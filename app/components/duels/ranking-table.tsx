import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { winPercentage } from "~/domain/ranking-scores";
import { formatWith } from "~/domain/format";
import { useLanguage, useLocalizedHref } from "../root-data";

/** One row of a duel ranking table; `parkSlug`/`slug` make the ride a link to its page. */
export type RankingTableRow = {
  id: string;
  rank: number;
  name: string;
  parkName: string;
  parkSlug?: string;
  slug?: string;
  wins: number;
  losses: number;
};

/**
 * A duel ranking as a table (rank, ride, park, V, D, %): the duels page's
 * session and personal rankings and the profile's personal rankings. V, D and
 * % are the product's column names, spelled out for screen readers.
 */
export function RankingTable({ caption, rows }: { caption: string; rows: readonly RankingTableRow[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const language = useLanguage();
  const cell = "px-2 py-1.5";
  const number = `${cell} text-right tabular-nums`;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className={number}>
              {t("duels.columns.rank")}
            </th>
            <th scope="col" className={cell}>
              {t("duels.columns.ride")}
            </th>
            <th scope="col" className={number}>
              <abbr title={t("duels.columns.winsFull")}>{t("duels.columns.wins")}</abbr>
            </th>
            <th scope="col" className={number}>
              <abbr title={t("duels.columns.lossesFull")}>{t("duels.columns.losses")}</abbr>
            </th>
            <th scope="col" className={number}>
              <abbr title={t("duels.columns.percentFull")}>{t("duels.columns.percent")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            return (
              <tr key={row.id} data-ranking-ride={row.id} className="border-b border-stone-100 last:border-0">
                <td className={`${number} font-semibold`}>{row.rank}</td>
                <th scope="row" className={`${cell} font-normal`}>
                  {row.parkSlug && row.slug ? (
                    <Link to={href(`/${row.parkSlug}/${row.slug}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                      {row.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{row.name}</span>
                  )}
                  <span className="block text-xs text-stone-600">{row.parkName}</span>
                </th>
                <td className={number}>{row.wins}</td>
                <td className={number}>{row.losses}</td>
                <td className={number}>{row.wins + row.losses === 0 ? "—" : formatWith(language, { style: "percent" }, winPercentage(row.wins, row.losses) / 100)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
