import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { TFunction } from "~/i18n/translate";
import { useLanguage, useLocalizedHref } from "~/components/root-data";
import type { Language } from "~/domain/languages";
import { formatDecimal, formatNumber, formatPercent } from "~/domain/format";
import { winPercentage } from "~/domain/ranking-scores";
import { winProbability } from "~/domain/bradley-terry";
import { formatCoefficient, type PackedRanking, type RankingRows } from "~/domain/rankings";
import { unpackRows, type PackedRows } from "~/domain/packed-rows";
import { RankCell } from "./rank-cell";
import { Abbreviated, RankingTable, WIDE_ONLY } from "./ranking-table";
import { RANKINGS_NOTE_ID } from "./ranking-tabs";
import { RideCell } from "./ride-cells";

type Column = "rank" | "attraction" | "bayesScore" | "ratings" | "duelScore" | "member" | "total" | "parksCreated" | "parksUpdated"
  | "attractionsCreated" | "attractionsUpdated" | "suggestions" | "parkRatings" | "coefficient" | "averageRating" | "credits";

type Tab = RankingRows["tab"];
type RowOf<T extends Tab> = Extract<RankingRows, { tab: T }>["rows"][number];

/**
 * One leaderboard's shape: its columns' headers, and a row's cells after the rank. The score column
 * (the third) of the ride boards and of the riders' is described by the tab's explanation of its order; the
 * contributors' board shows its first three columns on phones.
 */
type Board<Row> = {
  columns: readonly Column[];
  extraHeaders?: (t: TFunction) => ReactNode[];
  scoreExplained?: boolean;
  phoneColumns?: number;
  key: (row: Row) => string;
  cells: (row: Row, t: TFunction, language: Language) => ReactNode;
};

/** The score that orders the rows, in bold, and under it the plain figure readers know. */
function ScoreCell({ score, detail }: { score: string; detail: string }) {
  return (
    <td>
      <span className="font-semibold">{score}</span>
      <small>{detail}</small>
    </td>
  );
}

function MemberCell({ userId, username }: { userId: string; username: string }) {
  const href = useLocalizedHref();
  return (
    <td>
      <Link to={href(`/profile/${userId}`)} className="ranking-member">
        {username}
      </Link>
    </td>
  );
}

const BOARDS: { [T in Tab]: Board<RowOf<T>> } = {
  attractions: {
    columns: ["rank", "attraction", "bayesScore", "ratings"],
    scoreExplained: true,
    key: (row) => `${row.parkSlug}/${row.slug}`,
    cells: (row, t, language) => (
      <>
        <RideCell ride={row} />
        <ScoreCell score={formatDecimal(row.score, language, 2)} detail={t("rankings.plainAverage", { average: formatDecimal(row.averageRating, language, 1) })} />
        <td>{formatNumber(row.ratingCount, language)}</td>
      </>
    ),
  },
  duels: {
    columns: ["rank", "attraction", "duelScore"],
    extraHeaders: (t) => [<Abbreviated key="record" short={t("rankings.columns.record")} full={t("rankings.columns.recordFull")} />],
    scoreExplained: true,
    key: (row) => `${row.parkSlug}/${row.slug}`,
    cells: (row, t, language) => {
      const numbers = { wins: formatNumber(row.wins, language), losses: formatNumber(row.losses, language) };
      return (
        <>
          <RideCell ride={row} />
          <ScoreCell
            score={formatPercent(winProbability(row.score, 0), language)}
            detail={t("rankings.plainWinRate", { rate: formatPercent(winPercentage(row.wins, row.losses) / 100, language) })}
          />
          <td>
            <span aria-hidden="true">{t("rankings.record", numbers)}</span>
            <span className="sr-only">{t("rankings.recordFull", numbers)}</span>
          </td>
        </>
      );
    },
  },
  contributors: {
    columns: ["rank", "member", "total", "parksCreated", "parksUpdated", "attractionsCreated", "attractionsUpdated", "suggestions"],
    phoneColumns: 3,
    key: (row) => row.userId,
    cells: (row, _t, language) => (
      <>
        <MemberCell userId={row.userId} username={row.username} />
        <td className="font-semibold">{formatNumber(row.total, language)}</td>
        {[row.parksCreated, row.parksUpdated, row.attractionsCreated, row.attractionsUpdated, row.suggestions].map((value, index) => (
          <td key={index} className={WIDE_ONLY}>
            {formatNumber(value, language)}
          </td>
        ))}
      </>
    ),
  },
  reviewers: {
    columns: ["rank", "member", "parkRatings", "coefficient", "averageRating"],
    key: (row) => row.userId,
    cells: (row, _t, language) => (
      <>
        <MemberCell userId={row.userId} username={row.username} />
        <td>{formatNumber(row.parkRatings, language)}</td>
        <td>{formatCoefficient(row.weight, language)}</td>
        <td>{formatDecimal(row.averageRating, language, 1)}</td>
      </>
    ),
  },
  riders: {
    columns: ["rank", "member", "credits"],
    scoreExplained: true,
    key: (row) => row.userId,
    cells: (row, _t, language) => (
      <>
        <MemberCell userId={row.userId} username={row.username} />
        <td className="font-semibold">{formatNumber(row.credits, language)}</td>
      </>
    ),
  },
};

/** A tab's leaderboard: one row per entry, ranked from 1, in the columns of its board. */
export function RankingBoard({ ranking, caption }: { ranking: PackedRanking; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The union of boards narrows to the tab's own; TypeScript cannot follow that through the lookup.
  const board = BOARDS[ranking.tab] as Board<RankingRows["rows"][number]>;
  return (
    <RankingTable
      caption={caption}
      described={board.scoreExplained ? { column: 2, by: RANKINGS_NOTE_ID } : undefined}
      phoneColumns={board.phoneColumns}
      headers={[...board.columns.map((column) => t(`rankings.columns.${column}`)), ...(board.extraHeaders?.(t) ?? [])]}
    >
      {unpackRows(ranking.rows as PackedRows<RankingRows["rows"][number]>).map((row, index) => (
        <tr key={board.key(row)}>
          <RankCell
            rank={index + 1}
            certainty={"range" in row ? row : undefined}
            ranking={ranking.tab === "attractions" || ranking.tab === "duels" ? ranking.tab : undefined}
          />
          {board.cells(row, t, language)}
        </tr>
      ))}
    </RankingTable>
  );
}
