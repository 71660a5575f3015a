import { useTranslation } from "~/i18n/translation-context";
import { useLanguage } from "~/components/root-data";
import { medalOf, type Medal } from "~/domain/rankings";
import { ordinal, type RowCertainty } from "~/domain/rank-wording";

const MEDAL_STYLES: Record<Medal, string> = {
  gold: "bg-amber-400 text-amber-950 ring-amber-500",
  silver: "bg-stone-300 text-stone-900 ring-stone-400",
  bronze: "bg-orange-300 text-orange-950 ring-orange-500",
};

/** Which ride ranking a row is in: what "not enough" lacks, reviews or duels. */
type RideRanking = "attractions" | "duels";

/**
 * A row's rank; ranks 1 to 3 wear their medal, named for screen readers (docs/rules/duels-and-rankings.md#leaderboard-figures).
 * A ride's row also says how sure its rank is and how it moved since last month (#how-sure-a-rank-is, #history): under
 * its place in the list, the places it plausibly holds ("2e–6e", read out "entre la 2e et la 6e place"), or "pas
 * encore assez d'avis" when they are too many for a rank; then ↑3, ↓1, "nouveau" or "=".
 */
export function RankCell({ rank, certainty, ranking }: { rank: number; certainty?: RowCertainty; ranking?: RideRanking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const medal = medalOf(rank);
  const [low, high] = certainty?.range ?? [rank, rank];
  const places = { low: ordinal(low, language, "place"), high: ordinal(high, language, "place") };
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
      {certainty && ranking && certainty.range === null ? (
        <small>{t(`rankings.certainty.notEnough.${ranking}`)}</small>
      ) : low < high ? (
        <small>
          <span aria-hidden="true">{t("rankings.certainty.rangeShort", places)}</span>
          <span className="sr-only">{t("rankings.certainty.range", places)}</span>
        </small>
      ) : null}
      {certainty ? <Moved moved={certainty.moved} /> : null}
    </th>
  );
}

/** The movement since the last month's snapshot: a short sign, its sentence for screen readers. */
function Moved({ moved }: { moved: RowCertainty["moved"] }) {
  const { t } = useTranslation();
  if (moved === null) return null;
  const [short, full] =
    moved === "new"
      ? [t("rankings.movement.new"), t("rankings.movement.newFull")]
      : moved === 0
        ? ["=", t("rankings.movement.sameFull")]
        : moved > 0
          ? [`↑${moved}`, t("rankings.movement.upFull", { count: moved })]
          : [`↓${-moved}`, t("rankings.movement.downFull", { count: -moved })];
  return (
    <small data-moved={moved === "new" ? "new" : moved > 0 ? "up" : moved < 0 ? "down" : "same"}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </small>
  );
}
