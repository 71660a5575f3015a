import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import type { ProfileDuelRankings } from "~/domain/duels";
import { RankingTable } from "../duels/ranking-table";
import { useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";

/**
 * The member's personal rankings from duels (community §2 "Duels page": the
 * profile shows them), per type with ranked rides, in the type order: rank,
 * ride (linked to its page) and park, V, D, %. The member's own profile links
 * to the duels page.
 */
export function DuelRankingsSlot({ rankings, isOwn }: { rankings: ProfileDuelRankings; isOwn: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <ProfileSection id="profile-duel-rankings" title={t("profile.duelRankings.title")}>
      {rankings.length ? (
        <div className="grid gap-6 md:grid-cols-2">
          {rankings.map(({ type, rows }) => {
            const typeName = t(`attractionTypes.${type}`);
            return (
              <section key={type} aria-labelledby={`profile-duel-ranking-${type}`} data-duel-ranking={type}>
                <h3 id={`profile-duel-ranking-${type}`} className="text-lg font-semibold">
                  {typeName}
                </h3>
                <RankingTable
                  caption={t("profile.duelRankings.caption", { type: typeName })}
                  rows={rows.map((row) => ({ ...row, id: row.attractionId }))}
                />
              </section>
            );
          })}
        </div>
      ) : (
        <p className="text-stone-600">{t("profile.duelRankings.empty")}</p>
      )}
      {isOwn ? (
        <Link to={href("/duels")} className="mt-4 inline-block font-medium text-teal-800 underline-offset-2 hover:underline">
          {t("profile.duelRankings.playDuels")}
        </Link>
      ) : null}
    </ProfileSection>
  );
}
