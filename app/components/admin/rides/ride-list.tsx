import type { AdminRideRow } from "~/domain/admin-ride-rows";
import type { KeysetPage } from "~/domain/admin-paging";
import { useTranslation } from "~/i18n/translation-context";
import { AdminTable } from "../admin-table";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { RideRow } from "./ride-row";

const RIDE_COLUMNS = ["name", "park", "type", "createdBy", "date", "status", "actions"] as const;

/** The rides, newest first, with search, status filter and keyset pages (state in the address). */
export function RideList({ page, now }: { page: KeysetPage<AdminRideRow>; now: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-attractions-title">
      <h1 id="admin-attractions-title" className="mb-4 text-2xl font-extrabold">{t("admin.attractions.title")}</h1>
      <ListControls searchLabel={t("admin.attractions.searchLabel")} statuses="moderation" />
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.attractions.empty")}</p>
      ) : (
        <AdminTable caption={t("admin.attractions.title")} columns={RIDE_COLUMNS.map((column) => t(`admin.attractions.columns.${column}`))}>
          {page.rows.map((row) => (
            <RideRow key={row.id} row={row} now={now} />
          ))}
        </AdminTable>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
    </section>
  );
}
