/**
 * The rankings page's addresses (docs/rules/duels-and-rankings.md#rankings-page; decision 0020): five tabs,
 * each its own address (`?tab=…`), the two ride rankings also per type
 * (`&type=…`). Apart from the rest of the rankings' rules, with no imports,
 * because home links to the duel ranking too and its first load is tight.
 */

export const RANKING_TABS = ["attractions", "duels", "contributors", "reviewers", "riders"] as const;
export type RankingTab = (typeof RANKING_TABS)[number];

/** The tabs that also rank per attraction type. */
export function rankedByType(tab: RankingTab): boolean {
  return tab === "attractions" || tab === "duels";
}

/**
 * The query string of a view: none for the default tab, `?tab=duels&type=roller_coaster&manufacturer=intamin`
 * otherwise (a manufacturer's slug filters the ride tabs, decision 0052).
 */
export function rankingsSearch({ tab, type, manufacturer }: { tab: RankingTab; type: string | null; manufacturer?: string | null }): string {
  const params = new URLSearchParams();
  if (tab !== "attractions") params.set("tab", tab);
  if (type && rankedByType(tab)) params.set("type", type);
  if (manufacturer && rankedByType(tab)) params.set("manufacturer", manufacturer);
  const search = params.toString();
  return search ? `?${search}` : "";
}
