import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { useLocation } from "react-router";
import type { RideTypeName } from "~/domain/ride-types";
import { PROFILE_RANKING_PREVIEW, SHOWN_RANKING_PARAM, type ProfileRankingBlock } from "~/domain/profile-rankings";
import { RankingTable } from "../duels/ranking-table";
import { ProfileSection } from "./profile-section";

/**
 * The member's personal rankings from duels (docs/rules/profiles.md#personal-rankings:
 * the profile shows them), per type with ranked rides, in the type order: rank,
 * ride (linked to its page) and park, V, D, %. `children` follow them (the member's own profile's link to the duels
 * page). Each type shows its top (docs/decisions/0044) and a link to its whole list, an address of its own
 * (`?ranking=<type>`): a plain link relative to the page, as the same markup is the public profile's and, shared, the
 * member's own profile's (decision 0067), whose paths differ.
 */
export function DuelRankingsSlot({ rankings, shown, children }: { rankings: ProfileRankingBlock[]; shown: RideTypeName | null; children?: ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  /** The profile's address showing one type's whole ranking (or none), its other parameters kept, back at the type's heading. */
  const showing = (type: RideTypeName | null) => {
    const params = new URLSearchParams(search);
    if (type) params.set(SHOWN_RANKING_PARAM, type);
    else params.delete(SHOWN_RANKING_PARAM);
    const query = params.toString();
    return `${query ? `?${query}` : "?"}#profile-duel-ranking-${type ?? shown}`;
  };
  return (
    <ProfileSection id="profile-duel-rankings" title={t("profile.duelRankings.title")}>
      {rankings.length ? (
        <div className="grid gap-6 md:grid-cols-2">
          {rankings.map(({ type, rows, total }) => {
            const typeName = t(`attractionTypes.${type}`);
            return (
              <section key={type} aria-labelledby={`profile-duel-ranking-${type}`} data-duel-ranking={type}>
                <h3 id={`profile-duel-ranking-${type}`} className="text-lg font-semibold">
                  {typeName}
                </h3>
                <RankingTable
                  caption={t("profile.duelRankings.caption", { type: typeName })}
                  rows={rows.map((row) => ({ ...row, id: row.rideId }))}
                />
                {total > rows.length ? (
                  <a href={showing(type)} className="mt-2 inline-block font-medium text-teal-800 underline underline-offset-2">
                    {t("profile.duelRankings.seeAll", { count: total })}
                  </a>
                ) : type === shown && total > PROFILE_RANKING_PREVIEW ? (
                  <a href={showing(null)} className="mt-2 inline-block font-medium text-teal-800 underline underline-offset-2">
                    {t("profile.duelRankings.seeTop", { count: PROFILE_RANKING_PREVIEW })}
                  </a>
                ) : null}
              </section>
            );
          })}
        </div>
      ) : (
        <p className="text-stone-600">{t("profile.duelRankings.empty")}</p>
      )}
      {children}
    </ProfileSection>
  );
}
