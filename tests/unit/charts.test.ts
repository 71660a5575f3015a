import { describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n/translate";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";
import { BAR, horizontalBars } from "~/server/charts/chart-markup";
import { niceCeiling, ratingsByMonthChart, ridesByTypeChart, type MonthCount } from "~/server/charts/member-charts";
import { rideRatingChart, parkRatingCharts } from "~/server/charts/page-charts";
import { parkCategoryCharts, ratingDistributionChart } from "~/server/charts/rating-charts";

const tFr = createTranslator("fr", fr);
const tEn = createTranslator("en", en);

/** The drawn bars (the teal ones; the light tracks behind them are not bars) as their widths or heights. */
function bars(markup: string, dimension: "width" | "height"): number[] {
  return [...markup.matchAll(new RegExp(`<rect [^>]*${dimension}="([\\d.]+)"[^>]*fill="${BAR}"`, "g"))].map((match) => Number(match[1]));
}

/** The HTML bars' lengths (decision 0072), each as the share of the track it fills: its value over its max. */
function barLengths(markup: string): number[] {
  return [...markup.matchAll(/<progress value="(\d+)" max="(\d+)"><\/progress>/g)].map((match) => Number(match[1]) / Number(match[2]));
}

/** The hidden table's rows, as arrays of their cells' text. */
function tableRows(markup: string): string[][] {
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(markup)![1]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!));
}

const stars = ["1 étoile", "2 étoiles", "3 étoiles", "4 étoiles", "5 étoiles"];
const starLabels = { title: "Répartition", stars, starsHeader: "Note", countHeader: "Nombre", shareHeader: "Part" };

describe("the ride's distribution of ratings", () => {
  it("draws one bar per star, 5 first, each as long as its count allows (the largest fills the track)", () => {
    const markup = ratingDistributionChart([2, 0, 4, 8, 16], starLabels, "en")!;
    // 5, 4, 3, 2, 1 stars: 16, 8, 4, 0, 2 of 16.
    expect(barLengths(markup)).toEqual([1, 0.5, 0.25, 0, 0.125]);
    expect(markup.match(/<span>[^<]*<\/span><progress/g)).toEqual(["5 étoiles", "4 étoiles", "3 étoiles", "2 étoiles", "1 étoile"].map((label) => `<span>${label}</span><progress`));
  });

  it("draws empty bars, never an invalid max, when every count is 0", () => {
    expect(barLengths(ridesByTypeChart([{ name: "A", count: 0 }, { name: "B", count: 1 }], { title: "T", typeHeader: "T", countHeader: "N", empty: "-" }, "fr"))).toEqual([0, 1]);
    expect(horizontalBars({ name: "N", rows: [{ label: "A", value: 0, valueText: "0" }] })).toContain('<progress value="0" max="1">');
  });

  it("is one named image with a text alternative listing every count and share", () => {
    const markup = ratingDistributionChart([1, 0, 1, 0, 2], starLabels, "fr")!;
    expect(markup).toMatch(/^<figure class="m-0"><div class="bar-chart" role="img" aria-label="Répartition">/);
    expect(markup).toContain('<div class="sr-only"><table><caption>Répartition</caption>');
    expect(tableRows(markup)).toEqual([
      ["5 étoiles", "2", "50\u00a0%"],
      ["4 étoiles", "0", "0\u00a0%"],
      ["3 étoiles", "1", "25\u00a0%"],
      ["2 étoiles", "0", "0\u00a0%"],
      ["1 étoile", "1", "25\u00a0%"],
    ]);
  });

  it("writes numbers as the language does", () => {
    expect(tableRows(ratingDistributionChart([0, 0, 0, 0, 1234], starLabels, "fr")!)[0]).toEqual(["5 étoiles", "1\u202f234", "100\u00a0%"]);
    expect(tableRows(ratingDistributionChart([0, 0, 0, 0, 1234], starLabels, "en")!)[0]).toEqual(["5 étoiles", "1,234", "100%"]);
  });

  it("escapes its labels", () => {
    const markup = ratingDistributionChart([1, 1, 1, 1, 1], { ...starLabels, title: `<script>"x" & 'y'</script>` }, "fr")!;
    expect(markup).not.toContain("<script>");
    expect(markup).toContain("&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;");
  });

  it("is not drawn before the first rating", () => {
    expect(ratingDistributionChart([0, 0, 0, 0, 0], starLabels, "fr")).toBeNull();
    expect(rideRatingChart([0, 0, 0, 0, 0], tFr, "fr")).toBeNull();
  });

  it("takes its labels from the page's language", () => {
    const markup = rideRatingChart([1, 0, 0, 0, 0], tEn, "en")!;
    expect(markup).toContain('aria-label="Rating distribution"');
    expect(tableRows(markup).map((row) => row[0])).toEqual(["5 stars", "4 stars", "3 stars", "2 stars", "1 star"]);
  });
});

describe("the park's distributions by category", () => {
  const none = [0, 0, 0, 0, 0];
  const histograms = {
    kidsFriendlyHistogram: [1, 0, 0, 0, 3],
    familyFriendlyHistogram: none,
    thrillHistogram: [0, 0, 0, 10, 30],
    themingHistogram: none,
    operationsHistogram: none,
    valueHistogram: none,
  };

  it("draws one small chart per category that has ratings, each a named image", () => {
    const markup = parkRatingCharts(histograms, tFr, "fr")!;
    expect(markup.match(/role="img"/g)).toHaveLength(2);
    expect(markup).toContain('aria-label="Répartition des notes : Enfants"');
    expect(markup).toContain('aria-label="Répartition des notes : Sensations"');
    expect(markup).not.toContain("Famille");
  });

  it("lists every count and share of those categories in its text alternative", () => {
    expect(tableRows(parkRatingCharts(histograms, tEn, "en")!)).toEqual([
      ["Kids", "1 (25%)", "0 (0%)", "0 (0%)", "0 (0%)", "3 (75%)"],
      ["Thrills", "0 (0%)", "0 (0%)", "0 (0%)", "10 (25%)", "30 (75%)"],
    ]);
  });

  it("keeps each small chart's bars proportional within it", () => {
    const markup = parkCategoryCharts([{ name: "A", histogram: [0, 0, 0, 10, 30] }], { ...starLabels, categoryHeader: "C", categoryChart: (c) => c }, "fr")!;
    const [five, four] = barLengths(markup);
    expect(five).toBe(1);
    expect(four).toBeCloseTo(1 / 3, 2);
  });

  it("escapes category names", () => {
    const markup = parkCategoryCharts([{ name: "<b>&</b>", histogram: [1, 0, 0, 0, 0] }], { ...starLabels, categoryHeader: "C", categoryChart: (c) => c }, "fr")!;
    expect(markup).not.toContain("<b>");
    expect(markup).toContain("&lt;b&gt;&amp;&lt;/b&gt;");
  });

  it("is not drawn while no category has a rating", () => {
    expect(parkRatingCharts({ ...histograms, kidsFriendlyHistogram: none, thrillHistogram: none }, tFr, "fr")).toBeNull();
  });
});

describe("the profile's charts", () => {
  const months: MonthCount[] = Array.from({ length: 12 }, (_, index) => ({
    month: index === 0 ? "2025-12" : `2026-${String(index).padStart(2, "0")}`,
    parkRatings: index === 3 ? 4 : 0,
    rideRatings: index === 3 ? 2 : index === 11 ? 1 : 0,
  }));
  const monthLabels = { title: "Par mois", monthHeader: "Mois", parks: "Parcs", rides: "Attractions", empty: "Rien." };

  it("draws the months' bars proportional to their counts on the scale, parks solid and rides striped", () => {
    const markup = ratingsByMonthChart(months, monthLabels, "fr");
    // The legend's two swatches come first.
    const parkBars = bars(markup, "height").slice(1);
    expect(parkBars).toHaveLength(1);
    const rideBars = [...markup.matchAll(/<rect [^>]*height="([\d.]+)" fill="url\(#ratings-by-month-stripes\)"/g)].map((m) => Number(m[1])).slice(1);
    expect(rideBars).toHaveLength(2);
    expect(rideBars[0]! / parkBars[0]!).toBeCloseTo(0.5, 2);
    expect(rideBars[1]! / parkBars[0]!).toBeCloseTo(0.25, 1);
    expect(markup).toMatch(/<svg [^>]*role="img"[^>]*aria-label="Par mois"/);
  });

  it("lists every month with both counts in its text alternative, in the page's language", () => {
    const rows = tableRows(ratingsByMonthChart(months, monthLabels, "fr"));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(["décembre 2025", "0", "0"]);
    expect(rows[3]).toEqual(["mars 2026", "4", "2"]);
    expect(rows[11]).toEqual(["novembre 2026", "0", "1"]);
    expect(tableRows(ratingsByMonthChart(months, monthLabels, "en"))[3]).toEqual(["March 2026", "4", "2"]);
  });

  it("says so in a sentence instead of an empty frame when the months hold no rating", () => {
    const empty = months.map((month) => ({ ...month, parkRatings: 0, rideRatings: 0 }));
    expect(ratingsByMonthChart(empty, monthLabels, "fr")).toBe('<p class="text-stone-600">Rien.</p>');
  });

  it("draws rides by type with every count in its text alternative, escaped", () => {
    const labels = { title: "Types", typeHeader: "Type", countHeader: "Nombre", empty: "Aucune." };
    const markup = ridesByTypeChart([{ name: "Coasters & co", count: 6 }, { name: "Dark", count: 3 }, { name: "Eau", count: 0 }], labels, "fr");
    expect(barLengths(markup)).toEqual([1, 0.5, 0]);
    expect(tableRows(markup)).toEqual([["Coasters &amp; co", "6"], ["Dark", "3"], ["Eau", "0"]]);
    expect(ridesByTypeChart([{ name: "Eau", count: 0 }], labels, "fr")).toBe('<p class="text-stone-600">Aucune.</p>');
  });

  it("puts the scale's top on a round number at or above the largest count", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 22, 26, 60, 101].map(niceCeiling)).toEqual([1, 1, 2, 5, 10, 10, 20, 25, 50, 100, 200]);
  });
});
