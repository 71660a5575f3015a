import type { RankingRows, RankingsView } from "~/domain/rankings";
import type { Executor } from "../db/database";
import { listBestRides } from "./best-rides";
import { listDuelRanking } from "./duel-ranking";
import { listTopContributors, listTopReviewers } from "./leaderboards";
import { listTopRiders } from "./top-riders";

/**
 * The rows of the one tab an address asks for, the ride tabs of one maker when its id is given: one query. A ride's
 * row leaves its id here (the public API's rows keep it): the page keys and links it by its slugs, and its data
 * carries only what it shows (decision 0063).
 */
export async function loadRanking(
  db: Executor,
  { tab, type }: Pick<RankingsView, "tab" | "type">,
  manufacturerId: number | null = null,
): Promise<RankingRows> {
  switch (tab) {
    case "attractions":
      return {
        tab,
        rows: (await listBestRides(db, type, manufacturerId)).map(({ name, slug, parkName, parkSlug, averageRating, ratingCount, score }) => ({
          name, slug, parkName, parkSlug, averageRating, ratingCount, score,
        })),
      };
    case "duels":
      return {
        tab,
        rows: (await listDuelRanking(db, type, manufacturerId)).map(({ name, slug, parkName, parkSlug, wins, losses, score }) => ({
          name, slug, parkName, parkSlug, wins, losses, score,
        })),
      };
    case "contributors":
      return { tab, rows: await listTopContributors(db) };
    case "reviewers":
      return { tab, rows: await listTopReviewers(db) };
    case "riders":
      return { tab, rows: await listTopRiders(db) };
  }
}
