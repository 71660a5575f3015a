/**
 * "Members with your taste" (docs/decisions/0078): how close two members' tastes are, from the rides both
 * rated and the duels both answered, and every member's closest members. Pure: a background job runs it
 * over the whole table of ratings and duels, never a page request.
 *
 * - **Co-rated rides**: each member's ratings are centred on their own mean (over all their ratings); the
 *   rating part is the cosine of the two centred vectors over the rides both rated (Pearson's correlation
 *   with each member's own mean). A member who rates everything alike says nothing here.
 * - **Shared duels**: the same unordered pair of rides answered by both: +1 when they chose the same ride,
 *   −1 otherwise; the duel part is the mean of these.
 * - **Combined**: the two parts weighted by their counts, then shrunk toward 0 by n/(n+λ), n being the
 *   co-rated rides plus the shared duels: a perfect match on 3 rides counts for less than a good one on 40.
 * - **Minimum overlap**: fewer than `TASTE_MIN_CO_RATED` co-rated rides gives no similarity at all.
 *
 * Members are matched by an inverted index (ride → its raters), rarest rides first, with at most
 * `TASTE_SCAN_BUDGET` raters visited per member: the members met most often become candidates (at most
 * `TASTE_CANDIDATES`), whose similarity is then computed exactly. The cost per member is bounded, whatever
 * the popularity of the rides they rated.
 */

export type TasteRating = { memberId: string; rideId: string; rating: number };
/** One answered duel: the member preferred `winnerId` to `loserId`. */
export type TasteDuel = { memberId: string; winnerId: string; loserId: string };

/** Fewer co-rated rides than this: no similarity (a correlation over 1 or 2 rides means nothing). */
export const TASTE_MIN_CO_RATED = 3;
/** λ of the shrinkage n/(n+λ): an overlap of λ rides and duels keeps half of the raw similarity. */
export const TASTE_SHRINKAGE = 10;
/** The closest members kept per member (they feed the recommendations). */
export const TASTE_NEIGHBOURS = 60;
/** Members whose similarity is computed exactly, per member: those met most often in the inverted index. */
export const TASTE_CANDIDATES = 200;
/** Raters visited in the inverted index per member, at most. */
export const TASTE_SCAN_BUDGET = 30_000;

export type TasteSimilarity = {
  /** From −1 to 1, after shrinkage. */
  similarity: number;
  coRated: number;
  sharedDuels: number;
};

export type TasteNeighbour = TasteSimilarity & { memberId: string };

/** The whole table of ratings and duels, indexed (typed arrays): build once per run. */
export type TasteIndex = {
  readonly memberIds: readonly string[];
  readonly rideIds: readonly string[];
  readonly memberIndex: ReadonlyMap<string, number>;
  readonly rideIndex: ReadonlyMap<string, number>;
  /** Member m's ratings: rides `memberRide[memberStart[m]..memberStart[m+1]]`, ascending ride index. */
  readonly memberStart: Int32Array;
  readonly memberRide: Int32Array;
  readonly memberRating: Uint8Array;
  /** The same ratings minus the member's own mean. */
  readonly memberCentred: Float64Array;
  readonly memberMean: Float64Array;
  /** Ride r's raters: `rideMember[rideStart[r]..rideStart[r+1]]`, ascending member index. */
  readonly rideStart: Int32Array;
  readonly rideMember: Int32Array;
  /** Member m's duels: unordered pair keys ascending, each with +1 when the lower ride index won, −1 otherwise. */
  readonly duelStart: Int32Array;
  readonly duelKey: Float64Array;
  readonly duelSign: Int8Array;
};

/**
 * Indexes ratings and duels. A duel counts only when its member rated both rides (as the duels page asks
 * it); a pair answered twice by one member keeps the last answer.
 */
export function buildTasteIndex(ratings: Iterable<TasteRating>, duels: Iterable<TasteDuel> = []): TasteIndex {
  const memberIndex = new Map<string, number>();
  const rideIndex = new Map<string, number>();
  const memberIds: string[] = [];
  const rideIds: string[] = [];
  const rowMember: number[] = [];
  const rowRide: number[] = [];
  const rowRating: number[] = [];
  for (const { memberId, rideId, rating } of ratings) {
    let m = memberIndex.get(memberId);
    if (m === undefined) memberIndex.set(memberId, (m = memberIds.push(memberId) - 1));
    let r = rideIndex.get(rideId);
    if (r === undefined) rideIndex.set(rideId, (r = rideIds.push(rideId) - 1));
    rowMember.push(m);
    rowRide.push(r);
    rowRating.push(rating);
  }
  const members = memberIds.length;
  const rides = rideIds.length;
  const rows = rowMember.length;

  // Raters per ride, in row order, then walked ride by ride so that each member's rides come out ascending.
  const rideStart = new Int32Array(rides + 1);
  for (const r of rowRide) rideStart[r + 1]!++;
  for (let r = 0; r < rides; r++) rideStart[r + 1]! += rideStart[r]!;
  const rideRow = new Int32Array(rows);
  const fill = rideStart.slice(0, rides);
  for (let row = 0; row < rows; row++) rideRow[fill[rowRide[row]!]!++] = row;

  const memberStart = new Int32Array(members + 1);
  for (const m of rowMember) memberStart[m + 1]!++;
  for (let m = 0; m < members; m++) memberStart[m + 1]! += memberStart[m]!;
  const memberRide = new Int32Array(rows);
  const memberRating = new Uint8Array(rows);
  const next = memberStart.slice(0, members);
  // A member who rated a ride twice keeps the last rating.
  const lastRow = new Map<number, number>();
  for (let r = 0; r < rides; r++) {
    for (let at = rideStart[r]!; at < rideStart[r + 1]!; at++) {
      const row = rideRow[at]!;
      const m = rowMember[row]!;
      const place = next[m]!;
      if (place > memberStart[m]! && memberRide[place - 1] === r) {
        memberRating[place - 1] = rowRating[row]!;
        lastRow.set(m, (lastRow.get(m) ?? 0) + 1);
        continue;
      }
      memberRide[place] = r;
      memberRating[place] = rowRating[row]!;
      next[m] = place + 1;
    }
  }
  const compact = lastRow.size > 0;
  const starts = compact ? new Int32Array(members + 1) : memberStart;
  let rideList = memberRide;
  let ratingList = memberRating;
  if (compact) {
    // Duplicates left gaps: close them.
    const total = rows - [...lastRow.values()].reduce((sum, count) => sum + count, 0);
    rideList = new Int32Array(total);
    ratingList = new Uint8Array(total);
    let at = 0;
    for (let m = 0; m < members; m++) {
      starts[m] = at;
      for (let i = memberStart[m]!; i < next[m]!; i++, at++) {
        rideList[at] = memberRide[i]!;
        ratingList[at] = memberRating[i]!;
      }
    }
    starts[members] = at;
  }
  const memberMean = new Float64Array(members);
  const memberCentred = new Float64Array(rideList.length);
  for (let m = 0; m < members; m++) {
    let sum = 0;
    for (let i = starts[m]!; i < starts[m + 1]!; i++) sum += ratingList[i]!;
    const mean = sum / Math.max(1, starts[m + 1]! - starts[m]!);
    memberMean[m] = mean;
    for (let i = starts[m]!; i < starts[m + 1]!; i++) memberCentred[i] = ratingList[i]! - mean;
  }

  // Raters per ride, ascending member index, without duplicates.
  const raters = new Int32Array(rides + 1);
  for (const r of rideList) raters[r + 1]!++;
  for (let r = 0; r < rides; r++) raters[r + 1]! += raters[r]!;
  const rideMember = new Int32Array(rideList.length);
  const rideFill = raters.slice(0, rides);
  for (let m = 0; m < members; m++) {
    for (let i = starts[m]!; i < starts[m + 1]!; i++) rideMember[rideFill[rideList[i]!]!++] = m;
  }

  const index: TasteIndex = {
    memberIds,
    rideIds,
    memberIndex,
    rideIndex,
    memberStart: starts,
    memberRide: rideList,
    memberRating: ratingList,
    memberCentred,
    memberMean,
    rideStart: raters,
    rideMember,
    duelStart: new Int32Array(members + 1),
    duelKey: new Float64Array(0),
    duelSign: new Int8Array(0),
  };
  return indexDuels(index, duels);
}

function indexDuels(index: TasteIndex, duels: Iterable<TasteDuel>): TasteIndex {
  const members = index.memberIds.length;
  const perMember = new Map<number, Map<number, number>>();
  for (const duel of duels) {
    const m = index.memberIndex.get(duel.memberId);
    const winner = index.rideIndex.get(duel.winnerId);
    const loser = index.rideIndex.get(duel.loserId);
    if (m === undefined || winner === undefined || loser === undefined || winner === loser) continue;
    if (ratingPosition(index, m, winner) < 0 || ratingPosition(index, m, loser) < 0) continue;
    const low = Math.min(winner, loser);
    const key = low * index.rideIds.length + Math.max(winner, loser);
    let answers = perMember.get(m);
    if (!answers) perMember.set(m, (answers = new Map()));
    answers.set(key, winner === low ? 1 : -1);
  }
  const duelStart = new Int32Array(members + 1);
  for (let m = 0; m < members; m++) duelStart[m + 1] = duelStart[m]! + (perMember.get(m)?.size ?? 0);
  const duelKey = new Float64Array(duelStart[members]!);
  const duelSign = new Int8Array(duelStart[members]!);
  for (const [m, answers] of perMember) {
    const keys = [...answers.keys()].sort((a, b) => a - b);
    keys.forEach((key, i) => {
      duelKey[duelStart[m]! + i] = key;
      duelSign[duelStart[m]! + i] = answers.get(key)!;
    });
  }
  return { ...index, duelStart, duelKey, duelSign };
}

/** Where member m's rating of ride r sits in `memberRide`, or −1. */
function ratingPosition(index: TasteIndex, m: number, r: number): number {
  return binarySearch(index.memberRide, index.memberStart[m]!, index.memberStart[m + 1]!, r);
}

function binarySearch(list: Int32Array | Float64Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = list[middle]!;
    if (found === value) return middle;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Calls `visit(i, j)` for each value both sorted slices hold (i in a's, j in b's): a linear merge when the
 * slices are of similar lengths, else a walk of the shorter one with a binary search in the longer one
 * (a heavy rater costs a logarithm, not their whole list).
 */
function forEachCommon(
  list: Int32Array | Float64Array,
  aFrom: number,
  aTo: number,
  bFrom: number,
  bTo: number,
  visit: (a: number, b: number) => void,
): void {
  const aLength = aTo - aFrom;
  const bLength = bTo - bFrom;
  if (aLength === 0 || bLength === 0) return;
  if (aLength <= 8 * bLength && bLength <= 8 * aLength) {
    let i = aFrom;
    let j = bFrom;
    while (i < aTo && j < bTo) {
      const x = list[i]!;
      const y = list[j]!;
      if (x === y) visit(i++, j++);
      else if (x < y) i++;
      else j++;
    }
    return;
  }
  const aShorter = aLength <= bLength;
  const [sFrom, sTo, lFrom, lTo] = aShorter ? [aFrom, aTo, bFrom, bTo] : [bFrom, bTo, aFrom, aTo];
  let low = lFrom;
  for (let s = sFrom; s < sTo && low < lTo; s++) {
    const at = binarySearch(list, low, lTo, list[s]!);
    if (at < 0) continue;
    low = at + 1;
    if (aShorter) visit(s, at);
    else visit(at, s);
  }
}

/** The similarity of members a and b (indexes), or null below the minimum overlap. */
function similarityAt(index: TasteIndex, a: number, b: number, lambda: number, minCoRated: number): TasteSimilarity | null {
  let coRated = 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const centred = index.memberCentred;
  forEachCommon(index.memberRide, index.memberStart[a]!, index.memberStart[a + 1]!, index.memberStart[b]!, index.memberStart[b + 1]!, (i, j) => {
    const x = centred[i]!;
    const y = centred[j]!;
    coRated++;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  });
  if (coRated < minCoRated) return null;
  let sharedDuels = 0;
  let agreement = 0;
  forEachCommon(index.duelKey, index.duelStart[a]!, index.duelStart[a + 1]!, index.duelStart[b]!, index.duelStart[b + 1]!, (i, j) => {
    sharedDuels++;
    agreement += index.duelSign[i]! * index.duelSign[j]!;
  });
  return combine(coRated, normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : null, sharedDuels, agreement, lambda);
}

function combine(coRated: number, correlation: number | null, sharedDuels: number, agreement: number, lambda: number): TasteSimilarity {
  // A member who rated every shared ride alike gives the rating part no weight: only the duels speak.
  const ratingWeight = correlation === null ? 0 : coRated;
  const weight = ratingWeight + sharedDuels;
  const raw = weight === 0 ? 0 : (ratingWeight * (correlation ?? 0) + agreement) / weight;
  const overlap = coRated + sharedDuels;
  return { similarity: raw * (overlap / (overlap + lambda)), coRated, sharedDuels };
}

export type TasteOptions = {
  /** λ of the shrinkage (default `TASTE_SHRINKAGE`). */
  shrinkage?: number;
  /** Minimum co-rated rides (default `TASTE_MIN_CO_RATED`). */
  minCoRated?: number;
};

/** The similarity of two members, or null when either is unknown or they share too few rides. */
export function tasteSimilarity(index: TasteIndex, a: string, b: string, options: TasteOptions = {}): TasteSimilarity | null {
  const ia = index.memberIndex.get(a);
  const ib = index.memberIndex.get(b);
  if (ia === undefined || ib === undefined || ia === ib) return null;
  return similarityAt(index, ia, ib, options.shrinkage ?? TASTE_SHRINKAGE, options.minCoRated ?? TASTE_MIN_CO_RATED);
}

export type NeighbourOptions = TasteOptions & {
  /** Neighbours kept per member (default `TASTE_NEIGHBOURS`). */
  k?: number;
  /** Members shown per member among those `canShow` accepts (default: k). */
  shownK?: number;
  /** Who may be shown as a neighbour (a public profile); every member's data still informs similarity. */
  canShow?: (memberId: string) => boolean;
  candidates?: number;
  scanBudget?: number;
  /** Only these members' neighbours are computed (default: every member). */
  members?: Iterable<string>;
};

export type MemberNeighbours = {
  /** The closest members with a positive similarity, closest first: what the recommendations use. */
  all: TasteNeighbour[];
  /** The same among the members `canShow` accepts: what "Members with your taste" shows. */
  shown: TasteNeighbour[];
};

/**
 * Every member's closest members (positive similarity only), closest first; ties by member id.
 * Candidates come from the inverted index, rarest rides first, within the scan budget; when a ride has
 * more raters than the budget left, a window of them starting at a place that depends on the member is
 * visited, so that not every member meets the same few.
 */
export function findTasteNeighbours(index: TasteIndex, options: NeighbourOptions = {}): Map<string, MemberNeighbours> {
  const k = options.k ?? TASTE_NEIGHBOURS;
  const shownK = options.shownK ?? k;
  const lambda = options.shrinkage ?? TASTE_SHRINKAGE;
  const minCoRated = options.minCoRated ?? TASTE_MIN_CO_RATED;
  const candidateCount = options.candidates ?? TASTE_CANDIDATES;
  const budget = options.scanBudget ?? TASTE_SCAN_BUDGET;
  const members = index.memberIds.length;
  const canShow = options.canShow;
  const showable = new Uint8Array(members);
  for (let m = 0; m < members; m++) showable[m] = !canShow || canShow(index.memberIds[m]!) ? 1 : 0;

  const met = new Int32Array(members);
  const touched = new Int32Array(members);
  const result = new Map<string, MemberNeighbours>();
  const wanted = options.members
    ? [...options.members].map((id) => index.memberIndex.get(id)).filter((m): m is number => m !== undefined)
    : Array.from({ length: members }, (_, m) => m);

  for (const u of wanted) {
    const from = index.memberStart[u]!;
    const to = index.memberStart[u + 1]!;
    const raterCount = (r: number) => index.rideStart[r + 1]! - index.rideStart[r]!;
    // Rarest rides first: sorted on (raters, ride) packed in one number.
    const own = new Float64Array(to - from);
    for (let i = from; i < to; i++) own[i - from] = raterCount(index.memberRide[i]!) * index.rideIds.length + index.memberRide[i]!;
    own.sort();
    let left = budget;
    let touchedCount = 0;
    let maxMet = 0;
    for (const packed of own) {
      if (left <= 0) break;
      const r = packed % index.rideIds.length;
      const start = index.rideStart[r]!;
      const length = raterCount(r);
      const take = Math.min(length, left);
      const offset = take === length ? 0 : windowStart(u, r, length);
      for (let step = 0; step < take; step++) {
        const v = index.rideMember[start + ((offset + step) % length)]!;
        if (v === u) continue;
        if (met[v] === 0) touched[touchedCount++] = v;
        const count = ++met[v]!;
        if (count > maxMet) maxMet = count;
      }
      left -= take;
    }
    // The candidates: the members met most often (a histogram of the counts finds the threshold).
    const histogram = new Int32Array(maxMet + 2);
    for (let i = 0; i < touchedCount; i++) histogram[met[touched[i]!]!]!++;
    // Everyone met at least `threshold` times fits in the candidates; the room left goes to those met once less.
    let threshold = maxMet;
    let atLeast = histogram[maxMet] ?? 0;
    while (threshold > 1 && atLeast + histogram[threshold - 1]! <= candidateCount) atLeast += histogram[--threshold]!;
    let room = candidateCount - atLeast;
    let included = 0;
    const neighbours: TasteNeighbour[] = [];
    for (let i = 0; i < touchedCount; i++) {
      const v = touched[i]!;
      const count = met[v]!;
      met[v] = 0;
      if (count >= threshold) {
        if (included >= candidateCount) continue;
      } else if (count === threshold - 1 && room > 0) {
        room--;
      } else {
        continue;
      }
      included++;
      const similarity = similarityAt(index, u, v, lambda, minCoRated);
      if (similarity && similarity.similarity > 0) neighbours.push({ memberId: index.memberIds[v]!, ...similarity });
    }
    neighbours.sort(closestFirst);
    result.set(index.memberIds[u]!, {
      all: neighbours.slice(0, k),
      shown: canShow
        ? neighbours.filter((neighbour) => showable[index.memberIndex.get(neighbour.memberId)!] === 1).slice(0, shownK)
        : neighbours.slice(0, shownK),
    });
  }
  return result;
}

function windowStart(member: number, ride: number, length: number): number {
  return ((Math.imul(member + 1, 0x9e3779b1) ^ Math.imul(ride + 1, 0x85ebca6b)) >>> 0) % length;
}

function closestFirst(a: TasteNeighbour, b: TasteNeighbour): number {
  return b.similarity - a.similarity || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0);
}

/** A member's ratings and mean, as the recommendations read a neighbour's. */
export function memberRatings(index: TasteIndex, memberId: string): { mean: number; ratings: Array<{ rideId: string; rating: number }> } | null {
  const m = index.memberIndex.get(memberId);
  if (m === undefined) return null;
  const ratings: Array<{ rideId: string; rating: number }> = [];
  for (let i = index.memberStart[m]!; i < index.memberStart[m + 1]!; i++) {
    ratings.push({ rideId: index.rideIds[index.memberRide[i]!]!, rating: index.memberRating[i]! });
  }
  return { mean: index.memberMean[m]!, ratings };
}
