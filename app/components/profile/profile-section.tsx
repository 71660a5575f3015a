import type { ReactNode } from "react";

/** A titled block of the profile page, named by its heading for assistive technologies. */
export function ProfileSection({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One figure with its label, as the statistics grids show them. */
export function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-stone-50 p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-teal-900">{value}</dd>
    </div>
  );
}
