import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { REPORT_STATUSES } from "~/domain/admin-reports";
import { MEMBER_STATUSES } from "~/domain/admin-users";
import { MODERATION_STATUSES } from "~/domain/moderation";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/translation-context";
import { ListFilter } from "./list-filter";

type ListControlsProps = {
  /** Label of the search box ('Rechercher un parc'…): what it searches, by name or username. */
  searchLabel: string;
  /** A status filter where the list has statuses, by which they are; its first option is "every status". */
  statuses?: StatusKind;
  statusLabel?: string;
  /** Further filters of the list (the moderation log's action and target…). */
  children?: React.ReactNode;
};

type StatusKind = "moderation" | "member" | "report";

/** The statuses of a kind, in the order the filter offers them, each in the page's words. */
function statusOptions(t: TFunction, kind: StatusKind): { value: string; label: string }[] {
  switch (kind) {
    case "moderation":
      return MODERATION_STATUSES.map((status) => ({ value: status, label: t(`admin.moderation.${status}`) }));
    case "member":
      return MEMBER_STATUSES.map((status) => ({ value: status, label: t(`admin.users.${status}`) }));
    case "report":
      return REPORT_STATUSES.map((status) => ({ value: status, label: t(`admin.comments.statuses.${status}`) }));
  }
}

/**
 * A list's search box and filters: a GET form, so the state lives in the
 * address (shareable, back button, works before hydration); submitting starts
 * again from the first page.
 */
export function ListControls({ searchLabel, statuses, statusLabel, children }: ListControlsProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const searchId = useId();
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
          {searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          maxLength={100}
          defaultValue={params.get("q") ?? ""}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
      </div>
      {statuses ? <ListFilter name="status" label={statusLabel ?? t("admin.common.status")} allLabel={t("admin.common.allStatuses")} options={statusOptions(t, statuses)} /> : null}
      {children}
      <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
        {t("admin.common.search")}
      </button>
    </Form>
  );
}
