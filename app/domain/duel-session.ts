/**
 * The duels page's "session ranking" (docs/rules/duels-and-rankings.md#duels-page): the rides
 * met in this visit's duels with their wins (V) and losses (D) here, best
 * first. Kept in the browser only: it is the visit's story, not a stored
 * ranking (the member's personal ranking is the stored one).
 */
export type SessionRow = { id: string; name: string; parkName: string; wins: number; losses: number };

type SessionRide = { id: string; name: string; parkName: string };

/** The session ranking after `winner` beat `loser`, ordered by wins minus losses, then wins, then name. */
export function addSessionResult(rows: readonly SessionRow[], winner: SessionRide, loser: SessionRide): SessionRow[] {
  const byId = new Map(rows.map((row) => [row.id, { ...row }]));
  const row = (ride: SessionRide) => {
    let found = byId.get(ride.id);
    if (!found) {
      found = { id: ride.id, name: ride.name, parkName: ride.parkName, wins: 0, losses: 0 };
      byId.set(ride.id, found);
    }
    return found;
  };
  row(winner).wins += 1;
  row(loser).losses += 1;
  return [...byId.values()].sort(
    (a, b) => b.wins - b.losses - (a.wins - a.losses) || b.wins - a.wins || a.name.localeCompare(b.name),
  );
}

