/** Small timing helpers shared by the benchmarks. */

import { performance } from "node:perf_hooks";

/** The `q` quantile (0..1) of `xs`, by the nearest-rank method. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((x, y) => x - y);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Median, 95th percentile and maximum of a list of times. */
export function summary(xs: readonly number[]): { median: number; p95: number; max: number } {
  return { median: quantile(xs, 0.5), p95: quantile(xs, 0.95), max: quantile(xs, 1) };
}

/** Milliseconds of one call of `fn`. */
export function timeOnce(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/**
 * The median time of `fn` over repeated calls: at least `minRuns`, and more while the total
 * stays under `budgetMs`, so fast calls are measured many times and slow ones once or twice.
 */
export function timeMedian(fn: () => unknown, budgetMs = 200, minRuns = 3, maxRuns = 200): number {
  const times: number[] = [];
  let total = 0;
  while (times.length < minRuns || (total < budgetMs && times.length < maxRuns)) {
    const t = timeOnce(fn);
    times.push(t);
    total += t;
  }
  return quantile(times, 0.5);
}

/** Formats milliseconds for a table: three significant figures, seconds past 10 s. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return "–";
  if (x >= 10_000) return `${(x / 1000).toFixed(1)} s`;
  if (x >= 100) return `${x.toFixed(0)} ms`;
  if (x >= 10) return `${x.toFixed(1)} ms`;
  if (x >= 1) return `${x.toFixed(2)} ms`;
  return `${x.toFixed(3)} ms`;
}

/** One measurement, as a row of a table. */
export interface BenchRow {
  readonly measure: string;
  readonly value: number;
  readonly unit: string;
  readonly note: string;
}
