import { useTranslation } from "~/i18n/translation-context";
import type { TopListItem, TopListKind } from "~/domain/top-lists";
import { TopListItemContent } from "./top-list-item";

/** A member's top 10 of one kind, read-only (public profiles): numbered 1..n, each name linking to its page. */
export function TopList({ kind, items, title }: { kind: TopListKind; items: TopListItem[]; title?: string }) {
  const { t } = useTranslation();
  // Not useId: on a member's own profile the list is drawn in a member slot, alone (decision 0067), where useId would
  // not give the ids the whole page gives; a profile shows one list of each kind.
  const headingId = `top-list-${kind}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-bold">
        {title ?? t(`topLists.title.${kind}`)}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t(`topLists.empty.${kind}`)}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {items.map((item, index) => (
            <li key={item.id} className="flex items-center gap-3 rounded-xl border border-stone-100 p-2">
              <span className="w-6 shrink-0 text-right font-bold text-stone-500">
                {index + 1}
              </span>
              <TopListItemContent item={item} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
