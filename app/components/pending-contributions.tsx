import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import type { PendingContribution } from "~/domain/pending-contribution";
import { ModerationBadge } from "./moderation-badge";
import { useLocalizedHref } from "./root-data";

/** On the home page, the signed-in member's contributions that others cannot see yet. */
export function PendingContributions({ items }: { items: PendingContribution[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="pending-contributions" className="mx-auto mt-8 max-w-7xl px-4">
      <div className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
        <h2 id="pending-contributions" className="text-lg font-bold text-amber-950">
          {t("contribute.pending.title")}
        </h2>
        <p className="mt-1 text-sm text-amber-900">{t("contribute.pending.intro")}</p>
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3">
              <Link to={href(item.path)} className="font-semibold text-teal-900 underline">
                {item.name}
              </Link>
              <span className="text-sm text-stone-700">{t(item.kind === "park" ? "contribute.pending.kindPark" : "contribute.pending.kindAttraction")}</span>
              <ModerationBadge status={item.moderationStatus} />
              {item.rejectionReason ? <span className="text-sm text-red-800">{t("contribute.pending.rejectedReason", { reason: item.rejectionReason })}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
