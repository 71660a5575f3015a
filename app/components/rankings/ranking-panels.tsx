import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { useLanguage, useLocalizedHref } from "~/components/root-data";
import { formatDecimal, formatNumber } from "~/domain/format";
import { winPercentage } from "~/domain/ranking-scores";
import { formatCoefficient, type BestAttractionRow, type ContributorRow, type DuelRankingRow, type ReviewerRow } from "~/domain/rankings";
import { RankCell } from "./rank-cell";
import { Abbreviated, RankingTable } from "./ranking-table";
import { RideCells } from "./ride-cells";

const cell = "px-3 py-2 tabular-nums";

export function BestAttractionsTable({ rows, caption }: { rows: BestAttractionRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RankingTable
      caption={caption}
      headers={[t("rankings.columns.rank"), t("rankings.columns.attraction"), t("rankings.columns.park"), t("rankings.columns.average"), t("rankings.columns.ratings")]}
    >
      {rows.map((row, index) => (
        <tr key={row.id}>
          <RankCell rank={index + 1} />
          <RideCells ride={row} />
          <td className={cell}>{formatDecimal(row.averageRating, language, 1)}</td>
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
      headers={[
        t("rankings.columns.rank"),
        t("rankings.columns.attraction"),
        t("rankings.columns.park"),
        <Abbreviated key="wins" short={t("rankings.columns.wins")} full={t("rankings.columns.winsFull")} />,
        <Abbreviated key="losses" short={t("rankings.columns.losses")} full={t("rankings.columns.lossesFull")} />,
        <Abbreviated key="rate" short={t("rankings.columns.winRate")} full={t("rankings.columns.winRateFull")} />,
      ]}
    >
      {rows.map((row, index) => (
        <tr key={row.id}>
          <RankCell rank={index + 1} />
          <RideCells ride={row} />
          <td className={cell}>{formatNumber(row.wins, language)}</td>
          <td className={cell}>{formatNumber(row.losses, language)}</td>
          <td className={cell}>{formatNumber(winPercentage(row.wins, row.losses), language)}</td>
        </tr>
      ))}
    </RankingTable>
  );
}

function MemberCell({ userId, username }: { userId: string; username: string }) {
  const href = useLocalizedHref();
  return (
    <td className="px-3 py-2">
      <Link to={href(`/profile/${userId}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
        {username}
      </Link>
    </td>
  );
}

export function ContributorsTable({ rows, caption }: { rows: ContributorRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => <td className={cell}>{formatNumber(value, language)}</td>;
  return (
    <RankingTable
      caption={caption}
      headers={[
        t("rankings.columns.rank"),
        t("rankings.columns.member"),
        t("rankings.columns.total"),
        t("rankings.columns.parksCreated"),
        t("rankings.columns.parksUpdated"),
        t("rankings.columns.attractionsCreated"),
        t("rankings.columns.attractionsUpdated"),
        t("rankings.columns.suggestions"),
      ]}
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
      headers={[
        t("rankings.columns.rank"),
        t("rankings.columns.member"),
        t("rankings.columns.parkRatings"),
        t("rankings.columns.coefficient"),
        t("rankings.columns.averageRating"),
      ]}
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
