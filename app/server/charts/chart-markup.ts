import { intlLocale } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { escapeXml, svgNumber } from "../svg/svg-markup";

/**
 * The parts every server-drawn chart shares (decision 0035): a figure holding the picture (an SVG, or the
 * HTML bars of horizontalBars, decision 0072), which is one image for assistive technologies (role="img"
 * and its name), and a visually hidden table that reads out every number the picture shows. Text inside
 * the picture is for sighted readers; the table is the text alternative. The SVGs' colours are
 * presentation attributes, the HTML bars' come from app/app.css (the CSP forbids style attributes):
 * text in stone-700 on white (10:1), bars in teal-700 (5.5:1 against white, over the 3:1 of
 * non-text contrast); every bar also carries its label and value in text, so no colour is needed to
 * tell one from another.
 */

const INK = "#44403c";
export const BAR = "#0f766e";
export const RULE = "#d6d3d1";
const FONT = `font-family="ui-sans-serif, system-ui, sans-serif"`;

export type TextTable = { caption: string; head: readonly string[]; rows: ReadonlyArray<readonly string[]> };

/** The chart as the page inserts it: the picture, then its text alternative. */
export function chartFigure(picture: string, table: TextTable): string {
  return `<figure class="m-0">${picture}${textTable(table)}</figure>`;
}

/**
 * A table only screen readers see: its caption names the chart, its first column heads each row. The
 * visually hidden box is a div around it: a table is never narrower than its cells, whatever its width,
 * and does not clip them, so a hidden table itself would stick out of a phone's screen.
 */
function textTable({ caption, head, rows }: TextTable): string {
  const headCells = head.map((cell) => `<th scope="col">${escapeXml(cell)}</th>`).join("");
  const bodyRows = rows
    .map(([first, ...rest]) => {
      const cells = rest.map((cell) => `<td>${escapeXml(cell)}</td>`).join("");
      return `<tr><th scope="row">${escapeXml(first ?? "")}</th>${cells}</tr>`;
    })
    .join("");
  return (
    `<div class="sr-only"><table><caption>${escapeXml(caption)}</caption>` +
    `<thead><tr>${headCells}</tr></thead><tbody>${bodyRows}</tbody></table></div>`
  );
}

/** The opening tag of a chart's SVG: scales to its box, named for assistive technologies, with a tooltip title. */
export function svgOpen(width: number, height: number, name: string): string {
  const label = escapeXml(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" class="h-auto max-w-full" role="img" ` +
    `aria-label="${label}" ${FONT} font-size="13" fill="${INK}"><title>${label}</title>`
  );
}

export function svgText(x: number, y: number, text: string, anchor: "start" | "end" | "middle" = "start", extra = ""): string {
  return `<text x="${svgNumber(x)}" y="${svgNumber(y)}" text-anchor="${anchor}"${extra ? ` ${extra}` : ""}>${escapeXml(text)}</text>`;
}

/** Numbers and shares as the page's language writes them ("1 234", "40 %" in French; "1,234", "40%" in English). */
export function chartNumbers(language: Language) {
  const whole = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 0 });
  return {
    count: (value: number) => whole.format(value),
    share: (value: number, total: number) => percent.format(total === 0 ? 0 : value / total),
  };
}

export type BarRow = { label: string; value: number; valueText: string };

/**
 * Horizontal bars, one row each: the label, the bar (its length proportional to the value, the largest value
 * filling the track), then the value's text; `title` above when given (the small multiples); `name` is the image's
 * accessible name. HTML, not SVG (decision 0072): a `<progress>` draws a bar at any width from its value and max,
 * where the CSP (no style attribute) leaves no other way to size a box from a number, and a grid lines up the
 * labels. The park page's six small charts weighed 1.6 KB each as SVG, 0.4 KB so. The children of an image are
 * presentational: screen readers get the name, and the figure's table (chartFigure) for the numbers.
 */
export function horizontalBars({ name, rows, title }: { name: string; rows: readonly BarRow[]; title?: string }): string {
  // A max of 0 is not a valid one; with nothing to draw every bar is empty anyway.
  const max = Math.max(...rows.map((row) => row.value), 1);
  const cells = rows
    .map((row) => `<span>${escapeXml(row.label)}</span><progress value="${row.value}" max="${max}"></progress><span>${escapeXml(row.valueText)}</span>`)
    .join("");
  return `<div class="bar-chart" role="img" aria-label="${escapeXml(name)}">${title ? `<p>${escapeXml(title)}</p>` : ""}${cells}</div>`;
}

/** A short sentence in place of a chart with nothing to draw (never an empty frame). */
export function emptyChart(sentence: string): string {
  return `<p class="text-stone-600">${escapeXml(sentence)}</p>`;
}
