/** Weighted statistics over small member lists, summed in the order given (reproducible). */

/** Weighted median of `values` (lower median on ties); NaN for an empty list. */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b] || a - b);
  let total = 0;
  for (const w of weights) total += w;
  if (order.length === 0) return NaN;
  if (total <= 0) return values[order[Math.floor((order.length - 1) / 2)]];
  let acc = 0;
  for (const i of order) {
    acc += weights[i];
    if (acc >= total / 2) return values[i];
  }
  return values[order[order.length - 1]];
}
