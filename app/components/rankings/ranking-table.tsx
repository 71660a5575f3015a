import type { ReactNode } from "react";

/** A leaderboard's table: a caption for screen readers, column headers, one row per entry; scrolls sideways on narrow screens. */
export function RankingTable({ caption, headers, children }: { caption: string; headers: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-100 text-left text-stone-700">
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold">
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
