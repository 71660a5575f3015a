import type { AdminAttractionRow } from "~/domain/admin-attraction-rows";
import type { KeysetPage } from "~/domain/admin-paging";
import { MODERATION_STATUSES } from "~/domain/moderation";
import { useTranslation } from "~/i18n/translation-context";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { AttractionRow } from "./attraction-row";

const HEAD = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-600";

/** The rides, newest first, with search, status filter and keyset pages (state in the address). */
export function AttractionList({ page, now }: { page: KeysetPage<AdminAttractionRow>; now: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-attractions-title">
      <h1 id="admin-attractions-title" className="mb-4 text-2xl font-bold">
        {t("admin.attractions.title")}
      </h1>
      <ListControls
        searchLabel={t("admin.attractions.searchLabel")}
        statuses={MODERATION_STATUSES.map((status) => ({ value: status, label: t(`admin.moderation.${status}`) }))}
      />
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.attractions.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="min-w-full divide-y divide-stone-200 text-sm">
            <thead className="bg-stone-50">
              <tr>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.name")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.park")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.type")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.createdBy")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.date")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.status")}</th>
                <th scope="col" className={HEAD}>{t("admin.attractions.columns.actions")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.rows.map((row) => (
                <AttractionRow key={row.id} row={row} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
    </section>
  );
}
