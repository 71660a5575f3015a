import type { ReactNode } from "react";

/** Classes of a cell in a column that phones leave out (a detail the wider screens have room for). */
export const WIDE_ONLY = "hidden sm:table-cell";

/**
 * A leaderboard's table: a caption for screen readers, column headers, one row per entry, its cells styled
 * from the table (`ranking-table` in app/app.css, decision 0063: a row's header cell is its rank). Its
 * columns are chosen to fit a 360 px screen (the columns after `phoneColumns` show from `sm` up);
 * it still scrolls inside its box, never the page, should a long word not fit.
 */
export function RankingTable({
  caption,
  headers,
  phoneColumns = headers.length,
  described,
  children,
}: {
  caption: string;
  headers: ReactNode[];
  phoneColumns?: number;
  /** A column whose header is explained elsewhere on the page: its index and the explanation's id. */
  described?: { column: number; by: string };
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="ranking-table w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-100 text-left text-stone-700">
          <tr>
            {headers.map((header, index) => (
              <th
                key={index}
                scope="col"
                aria-describedby={described?.column === index ? described.by : undefined}
                className={index < phoneColumns ? "font-semibold" : `font-semibold ${WIDE_ONLY}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A column header shown abbreviated ('V', '%'), its full name for everyone who needs it. */
export function Abbreviated({ short, full }: { short: string; full: string }) {
  return (
    <abbr title={full} className="no-underline">
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </abbr>
  );
}
