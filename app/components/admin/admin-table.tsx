import type { ReactNode } from "react";

/**
 * The back office's one table, used by every list screen: the same column headers, a caption naming the list for
 * screen readers, rows whose cells name their column (shown above each value when a row is a card: below 1024 px
 * the rows are cards, see `.admin-table` in app/app.css), and compact action buttons that wrap as whole buttons.
 */
export function AdminTable({
  caption,
  columns,
  busy,
  grouped,
  children,
}: {
  caption: string;
  columns: readonly string[];
  busy?: boolean;
  /** The children are `AdminRowGroup`s (a row and what opens under it) rather than rows. */
  grouped?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="admin-table rounded-lg border border-stone-200 bg-white px-3 lg:overflow-x-auto lg:px-0">
      <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-stone-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {grouped ? children : <tbody>{children}</tbody>}
      </table>
    </div>
  );
}

type RowProps = { children: ReactNode } & Record<`data-${string}`, string | undefined>;

/**
 * A row with the rows that open under it (a review, a reason panel), as one group of the table: what belongs to an
 * item stays together for assistive technologies (and for tests, which find an item's panel inside its group).
 */
export function AdminRowGroup({ children, ...data }: RowProps) {
  return <tbody {...data}>{children}</tbody>;
}

/** One row of the list. */
export function AdminRow({ children, ...data }: RowProps) {
  return (
    <tr {...data} className="align-top lg:border-t lg:border-stone-200">
      {children}
    </tr>
  );
}

/** The row's name (its first column), read as the row's header. */
export function AdminRowHeader({ label, children }: { label: string; children: ReactNode }) {
  return (
    <th scope="row" data-label={label} className="px-1 py-1 font-semibold text-stone-900 lg:px-3 lg:py-2">
      {children}
    </th>
  );
}

/** A cell; `wide` for free text (comments, reasons), which may take more room and keeps its line breaks. */
export function AdminCell({ label, wide, nowrap, children }: { label: string; wide?: boolean; nowrap?: boolean; children: ReactNode }) {
  const extra = wide ? "break-words whitespace-pre-line lg:max-w-xs" : nowrap ? "lg:whitespace-nowrap" : "";
  return (
    <td data-label={label} className={`px-1 py-1 lg:px-3 lg:py-2 ${extra}`}>
      {children}
    </td>
  );
}

/**
 * The actions cell: a labelled group of compact buttons (ADMIN_BUTTON) on one line in a table (the box scrolls
 * if the screen is too narrow for it), wrapping as whole buttons on a card; `after` (a confirmation dialog, a
 * refusal) below it, outside the group.
 */
export function AdminActions({ label, groupLabel, after, children }: { label: string; groupLabel: string; after?: ReactNode; children: ReactNode }) {
  return (
    <td data-label={label} className="px-1 py-1 lg:px-3 lg:py-2">
      <div role="group" aria-label={groupLabel} className="flex flex-wrap gap-1 lg:flex-nowrap">
        {children}
      </div>
      {after}
    </td>
  );
}

/** A row under a row, across every column: a reason panel, a refusal. */
export function AdminDetailRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr data-detail="">
      <td colSpan={columns} className="px-1 pb-3 lg:px-3">
        {children}
      </td>
    </tr>
  );
}

const BUTTON_BASE =
  "inline-flex items-center whitespace-nowrap rounded-md border px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 disabled:opacity-50";

/** Every action button or link of a list's rows: one size, one shape, a colour by what it does. */
export const ADMIN_BUTTON = {
  neutral: `${BUTTON_BASE} border-stone-300 bg-white text-stone-900 hover:bg-stone-100`,
  approve: `${BUTTON_BASE} border-green-700 bg-green-700 text-white hover:bg-green-800`,
  danger: `${BUTTON_BASE} border-red-700 bg-white text-red-800 hover:bg-red-50`,
  caution: `${BUTTON_BASE} border-amber-600 bg-white text-amber-900 hover:bg-amber-50`,
  primary: `${BUTTON_BASE} border-teal-700 bg-white text-teal-800 hover:bg-teal-50`,
} as const;
