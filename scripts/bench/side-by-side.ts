/**
 * The public pages anonymous and signed in, side by side (docs/benchmarks.md): for each page, what a visitor
 * gets and what the heaviest bench member gets — requests per second, p50, SQL statements per request and the
 * HTML's raw bytes — on one dataset, or small → large with the large/small ratio of each figure.
 */
import type { BenchTargets } from "./generate";

/** A public page as a visitor asks for it and as the signed-in member does (the profile: their public one, their own). */
export type SideBySidePage = { name: string; anonymous: string; signedIn: string };

export function sideBySidePages(targets: BenchTargets): SideBySidePage[] {
  const park = `/fr/${targets.popularParkSlug}`;
  const ride = `/fr/${targets.popularRidePath}`;
  return [
    { name: "home", anonymous: "/fr", signedIn: "/fr" },
    { name: "park (most rated)", anonymous: park, signedIn: park },
    { name: "ride (most rated)", anonymous: ride, signedIn: ride },
    { name: "rankings", anonymous: "/fr/rankings", signedIn: "/fr/rankings" },
    { name: "map", anonymous: "/fr/map", signedIn: "/fr/map" },
    { name: "profile (heaviest member: public / own)", anonymous: `/fr/profile/${targets.heavyUserId}`, signedIn: "/fr/profile" },
  ];
}

/** One page's figures for one kind of visitor on one dataset. */
export type SideBySideCell = { requestsPerSecond: number; p50: number; queries: number | undefined; bytes: number };
export type SideBySideRow = { name: string; anonymous: SideBySideCell; signedIn: SideBySideCell };

/** The goal of every large/small ratio (docs/rules/quality.md#large-dataset). */
export const SIDE_BY_SIDE_RATIO_GOAL = 1.3;

/**
 * How much more a figure costs on large: latency, statements and bytes large / small, throughput small / large.
 * autocannon's latencies are whole milliseconds: a p50 under one counts as 1 ms, so that 0 → 1 ms is not a doubling.
 */
export function costRatio(metric: keyof SideBySideCell, small: SideBySideCell, large: SideBySideCell): number | undefined {
  const a = small[metric];
  const b = large[metric];
  if (a === undefined || b === undefined) return undefined;
  if (metric === "requestsPerSecond") return a / Math.max(b, 0.1);
  if (metric === "p50") return Math.max(b, 1) / Math.max(a, 1);
  if (a === b) return 1;
  return a === 0 ? Infinity : b / a;
}

const METRICS: Array<[keyof SideBySideCell, string]> = [
  ["requestsPerSecond", "req/s"],
  ["p50", "p50 ms"],
  ["queries", "SQL"],
  ["bytes", "HTML"],
];

function value(metric: keyof SideBySideCell, cell: SideBySideCell): string {
  const figure = cell[metric];
  if (figure === undefined) return "?";
  if (metric === "requestsPerSecond") return Math.round(figure).toLocaleString("en");
  if (metric === "bytes") return `${(figure / 1024).toFixed(1)} KB`;
  return String(figure);
}

function ratioText(ratio: number | undefined): string {
  if (ratio === undefined) return "?";
  if (!Number.isFinite(ratio)) return "∞ ⚠";
  return `${ratio.toFixed(2)}×${ratio > SIDE_BY_SIDE_RATIO_GOAL ? " ⚠" : ""}`;
}

/**
 * The table: one row per page, the visitor's four figures then the member's. With `large`, each cell is
 * small → large and the ratio, marked ⚠ above the goal.
 */
export function sideBySideTable(small: SideBySideRow[], large?: SideBySideRow[]): string {
  const headers = (["anonymous", "signed in"] as const).flatMap((who) => METRICS.map(([, label]) => `${who}: ${label}`));
  const lines = [`| page | ${headers.join(" | ")} |`, `|---|${headers.map(() => "---:").join("|")}|`];
  for (const row of small) {
    const other = large?.find((candidate) => candidate.name === row.name);
    if (large && !other) continue;
    const cells = (["anonymous", "signedIn"] as const).flatMap((who) =>
      METRICS.map(([metric]) =>
        other
          ? `${value(metric, row[who])} → ${value(metric, other[who])} (${ratioText(costRatio(metric, row[who], other[who]))})`
          : value(metric, row[who]),
      ),
    );
    lines.push(`| ${row.name} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
