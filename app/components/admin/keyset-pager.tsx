import { Link, useSearchParams } from "react-router";
import { pageSearch } from "~/domain/admin-paging";
import { useTranslation } from "~/i18n/translation-context";

/** 'Plus récents' / 'Plus anciens' links of a keyset-paged list (app/domain/admin-paging.ts), filters kept. */
export function KeysetPager({ older, newer }: { older: string | null; newer: string | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!older && !newer) return null;
  const link = "rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50";
  return (
    <nav aria-label={t("admin.common.pagination")} className="mt-4 flex items-center justify-between">
      {newer ? (
        <Link to={pageSearch(params, "newer", newer)} className={link}>
          {t("admin.common.newer")}
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={pageSearch(params, "older", older)} className={link}>
          {t("admin.common.older")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
