import { useTranslation } from "~/i18n/translation-context";
import { medalOf, type Medal } from "~/domain/rankings";

const MEDAL_STYLES: Record<Medal, string> = {
  gold: "bg-amber-400 text-amber-950 ring-amber-500",
  silver: "bg-stone-300 text-stone-900 ring-stone-400",
  bronze: "bg-orange-300 text-orange-950 ring-orange-500",
};

/** A row's rank; ranks 1 to 3 wear their medal, named for screen readers (docs/rules/duels-and-rankings.md#leaderboard-figures). */
export function RankCell({ rank }: { rank: number }) {
  const { t } = useTranslation();
  const medal = medalOf(rank);
  return (
    <th scope="row">
      {medal ? (
        <>
          <span aria-hidden="true" className={`inline-flex h-7 w-7 items-center justify-center rounded-full ring-2 ${MEDAL_STYLES[medal]}`}>
            {rank}
          </span>
          <span className="sr-only">
            {rank}, {t(`rankings.medals.${medal}`)}
          </span>
        </>
      ) : (
        rank
      )}
    </th>
  );
}
