/**
 * Kendall's tau-b between two scorings of the same items (docs/decisions/0077
 * uses it to compare a ranking's order with the true one): +1 when they order
 * every pair alike, −1 when they order every pair oppositely, 0 when unrelated.
 * Ties count for neither side and shrink the denominator:
 *
 *     τb = (concordant − discordant) / √((n0 − tiesX) · (n0 − tiesY)),  n0 = n(n−1)/2
 *
 * NaN when either scoring ties every pair (no order to compare). O(n²): meant
 * for a few thousand items at most.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error("kendallTauB needs two scorings of the same items");
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiesX) * (pairs - tiesY));
  return denominator === 0 ? Number.NaN : (concordant - discordant) / denominator;
}
