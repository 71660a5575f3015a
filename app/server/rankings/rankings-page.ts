import type { RankingRows, RankingsView } from "~/domain/rankings";
import { rowCertainty } from "~/domain/rank-wording";
import { rideTypeId } from "~/domain/ride-types";
import { ALL_TYPES_SCOPE } from "./ride-standings";
import type { Executor } from "../db/database";
import { listBestRides } from "./best-rides";
import { listDuelRanking } from "./duel-ranking";
import { listTopContributors, listTopReviewers } from "./leaderboards";
import { listTopRiders } from "./top-riders";

/**
 * The rows of the one tab an address asks for, the ride tabs of one maker when its id is given: one query, which also
 * reads each ride's standing and its rank at the last snapshot (decision 0079). A ride's row leaves its id here (the public API's rows keep it): the page keys and links it by its slugs, and its data
 * carries only what it shows (decision 0063).
 */
export async function loadRanking(
  db: Executor,
  { tab, type }: Pick<RankingsView, "tab" | "type">,
  manufacturerId: number | null = null,
): Promise<RankingRows> {
  // The standings' scope of the list (decision 0079); a maker's list has none: its places are among the maker's rides.
  const scope = manufacturerId !== null ? null : type ? rideTypeId(type) : ALL_TYPES_SCOPE;
  switch (tab) {
    case "attractions":
      return {
        tab,
        rows: (await listBestRides(db, type, manufacturerId, scope)).map((row, index) => {
          const { name, slug, parkName, parkSlug, averageRating, ratingCount, score } = row;
          return { name, slug, parkName, parkSlug, averageRating, ratingCount, score, ...rowCertainty(index + 1, row) };
        }),
      };
    case "duels":
      return {
        tab,
        rows: (await listDuelRanking(db, type, manufacturerId, scope)).map((row, index) => {
          const { name, slug, parkName, parkSlug, wins, losses, score } = row;
          return { name, slug, parkName, parkSlug, wins, losses, score, ...rowCertainty(index + 1, row) };
        }),
      };
    case "contributors":
      return { tab, rows: await listTopContributors(db) };
    case "reviewers":
      return { tab, rows: await listTopReviewers(db) };
    case "riders":
      return { tab, rows: await listTopRiders(db) };
  }
}
