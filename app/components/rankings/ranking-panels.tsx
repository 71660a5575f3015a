import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { TFunction } from "~/i18n/translate";
import { useLanguage, useLocalizedHref } from "~/components/root-data";
import { formatDecimal, formatNumber, formatPercent } from "~/domain/format";
import { winPercentage } from "~/domain/ranking-scores";
import { formatCoefficient, type BestRideRow, type ContributorRow, type DuelRankingRow, type ReviewerRow } from "~/domain/rankings";
import { RankCell } from "./rank-cell";
import { Abbreviated, RankingTable, WIDE_ONLY } from "./ranking-table";
import { RANKINGS_NOTE_ID } from "./ranking-tabs";
import { RideCell } from "./ride-cells";

const cell = "px-2 py-2 tabular-nums sm:px-3";

/** The score column (the third) is described by the tab's explanation of its order. */
const SCORE_EXPLAINED = { column: 2, by: RANKINGS_NOTE_ID };

type Column = "rank" | "attraction" | "bayesScore" | "ratings" | "duelScore" | "member" | "total" | "parksCreated" | "parksUpdated"
  | "attractionsCreated" | "attractionsUpdated" | "suggestions" | "parkRatings" | "coefficient" | "averageRating";

/** A leaderboard's column headers, in the page's words. */
function columnHeaders(t: TFunction, columns: readonly Column[]): string[] {
  return columns.map((column) => t(`rankings.columns.${column}`));
}

/** The score that orders the rows, in bold, and under it the plain figure readers know. */
function ScoreCell({ score, detail }: { score: string; detail: string }) {
  return (
    <td className={cell}>
      <span className="font-semibold">{score}</span>
      <span className="block whitespace-nowrap text-xs text-stone-600">{detail}</span>
    </td>
  );
}

export function BestRidesTable({ rows, caption }: { rows: BestRideRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RankingTable
      caption={caption}
      described={SCORE_EXPLAINED}
      headers={columnHeaders(t, ["rank", "attraction", "bayesScore", "ratings"])}
    >
      {rows.map((row, index) => (
        <tr key={row.id}>
          <RankCell rank={index + 1} />
          <RideCell ride={row} />
          <ScoreCell
            score={formatDecimal(row.score, language, 2)}
            detail={t("rankings.plainAverage", {
              average: formatDecimal(row.averageRating, language, 1),
            })}
          />
          <td className={cell}>{formatNumber(row.ratingCount, language)}</td>
        </tr>
      ))}
    </RankingTable>
  );
}

export function DuelRankingTable({ rows, caption }: { rows: DuelRankingRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RankingTable
      caption={caption}
      described={SCORE_EXPLAINED}
      headers={[
        ...columnHeaders(t, ["rank", "attraction", "duelScore"]),
        <Abbreviated key="record" short={t("rankings.columns.record")} full={t("rankings.columns.recordFull")} />,
      ]}
    >
      {rows.map((row, index) => {
        const numbers = {
          wins: formatNumber(row.wins, language),
          losses: formatNumber(row.losses, language),
        };
        return (
          <tr key={row.id}>
            <RankCell rank={index + 1} />
            <RideCell ride={row} />
            <ScoreCell
              score={formatPercent(row.score, language)}
              detail={t("rankings.plainWinRate", {
                rate: formatPercent(winPercentage(row.wins, row.losses) / 100, language),
              })}
            />
            <td className={`${cell} whitespace-nowrap`}>
              <span aria-hidden="true">{t("rankings.record", numbers)}</span>
              <span className="sr-only">{t("rankings.recordFull", numbers)}</span>
            </td>
          </tr>
        );
      })}
    </RankingTable>
  );
}

function MemberCell({ userId, username }: { userId: string; username: string }) {
  const href = useLocalizedHref();
  return (
    <td className="px-2 py-2 sm:px-3">
      <Link to={href(`/profile/${userId}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
        {username}
      </Link>
    </td>
  );
}

export function ContributorsTable({ rows, caption }: { rows: ContributorRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => <td className={`${cell} ${WIDE_ONLY}`}>{formatNumber(value, language)}</td>;
  return (
    <RankingTable
      caption={caption}
      phoneColumns={3}
      headers={columnHeaders(t, ["rank", "member", "total", "parksCreated", "parksUpdated", "attractionsCreated", "attractionsUpdated", "suggestions"])}
    >
      {rows.map((row, index) => (
        <tr key={row.userId}>
          <RankCell rank={index + 1} />
          <MemberCell userId={row.userId} username={row.username} />
          <td className={`${cell} font-semibold`}>{formatNumber(row.total, language)}</td>
          {number(row.parksCreated)}
          {number(row.parksUpdated)}
          {number(row.attractionsCreated)}
          {number(row.attractionsUpdated)}
          {number(row.suggestions)}
        </tr>
      ))}
    </RankingTable>
  );
}

export function ReviewersTable({ rows, caption }: { rows: ReviewerRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RankingTable
      caption={caption}
      headers={columnHeaders(t, ["rank", "member", "parkRatings", "coefficient", "averageRating"])}
    >
      {rows.map((row, index) => (
        <tr key={row.userId}>
          <RankCell rank={index + 1} />
          <MemberCell userId={row.userId} username={row.username} />
          <td className={cell}>{formatNumber(row.parkRatings, language)}</td>
          <td className={cell}>{formatCoefficient(row.weight, language)}</td>
          <td className={cell}>{formatDecimal(row.averageRating, language, 1)}</td>
        </tr>
      ))}
    </RankingTable>
  );
}
