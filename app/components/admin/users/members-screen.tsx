import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import type { AdminMemberRow } from "~/domain/admin-users";
import { formatDate } from "~/domain/format";
import { useLanguage } from "~/components/root-data";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminRowHeader, AdminTable } from "../admin-table";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { ReasonPanel } from "../reason-panel";
import { useRowDeletion } from "../use-row-deletion";

/**
 * "Gestion des utilisateurs" (docs/rules/back-office.md#user-management): members newest first; suspend
 * with a reason (inline panel), reactivate, delete after the 'Confirmer la
 * suppression' dialog. The administrator's own row offers none of them.
 */
export function MembersScreen({ page }: { page: KeysetPage<AdminMemberRow> }) {
  const { t } = useTranslation();
  const [suspending, setSuspending] = useState<string | null>(null);
  const deletion = useRowDeletion((member: AdminMemberRow) => ({ id: member.id }));
  const reactivation = useFetcher<AdminAnswer>();
  const closeSuspension = useCallback(() => setSuspending(null), []);

  const failure = [reactivation.state === "idle" ? reactivation.data : undefined, deletion.answer].find((answer) => answer && !answer.ok);

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.users.title")}</h1>
      <ListControls searchLabel={t("admin.users.searchLabel")} statuses="member" />
      {failure && !failure.ok ? <AdminAlert error={failure.error} /> : null}
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.users.empty")}</p>
      ) : (
        <AdminTable
          caption={t("admin.users.title")}
          columns={[t("admin.users.user"), t("admin.users.email"), t("admin.users.joined"), t("admin.common.status"), t("admin.common.actions")]}
        >
          {page.rows.map((member) => (
            <MemberRows
              key={member.id}
              member={member}
              suspending={suspending === member.id}
              onSuspend={() => setSuspending(member.id)}
              onCloseSuspension={closeSuspension}
              onReactivate={() => void reactivation.submit({ intent: "reactivate", id: member.id }, { method: "post" })}
              reactivating={reactivation.state !== "idle"}
              onDelete={() => deletion.ask(member)}
            />
          ))}
        </AdminTable>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
      <ConfirmDialog {...deletion.dialog} title={t("admin.users.deleteTitle")} confirmLabel={t("admin.users.deleteConfirm")} busyLabel={t("admin.users.deleting")}>
        <p>{t("admin.users.deleteBody", { username: deletion.deleting?.username ?? "" })}</p>
        <p className="font-semibold text-red-800">{t("admin.users.deleteWarning")}</p>
      </ConfirmDialog>
    </section>
  );
}

type MemberRowsProps = {
  member: AdminMemberRow;
  suspending: boolean;
  reactivating: boolean;
  onSuspend: () => void;
  onCloseSuspension: () => void;
  onReactivate: () => void;
  onDelete: () => void;
};

function MemberRows({ member, suspending, reactivating, onSuspend, onCloseSuspension, onReactivate, onDelete }: MemberRowsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <AdminRow>
        <AdminRowHeader label={t("admin.users.user")}>{member.username}</AdminRowHeader>
        <AdminCell label={t("admin.users.email")}>
          <a href={`mailto:${member.email}`} className="break-all text-teal-800 underline hover:text-teal-900">
            {member.email}
          </a>
        </AdminCell>
        <AdminCell label={t("admin.users.joined")} nowrap>
          <time dateTime={member.createdAt}>{formatDate(member.createdAt, language)}</time>
        </AdminCell>
        <AdminCell label={t("admin.common.status")}>
          {member.suspended ? (
            <>
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t("admin.users.suspended")}</span>
              {member.suspensionReason ? (
                <p className="mt-1 text-xs text-stone-600">{t("admin.users.reasonShown", { reason: member.suspensionReason })}</p>
              ) : null}
            </>
          ) : (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t("admin.users.active")}</span>
          )}
        </AdminCell>
        {member.protected ? (
          <AdminCell label={t("admin.common.actions")}>
            <span className="text-xs text-stone-600">{t("admin.users.protectedAccount")}</span>
          </AdminCell>
        ) : (
          <AdminActions label={t("admin.common.actions")} groupLabel={t("admin.users.rowActions", { username: member.username })}>
            {member.suspended ? (
              <button type="button" disabled={reactivating} onClick={onReactivate} className={ADMIN_BUTTON.primary}>
                {t("admin.users.reactivate")}
              </button>
            ) : (
              <button type="button" aria-expanded={suspending} onClick={onSuspend} className={ADMIN_BUTTON.caution}>
                {t("admin.users.suspend")}
              </button>
            )}
            <button type="button" onClick={onDelete} className={ADMIN_BUTTON.danger}>
              {t("admin.common.delete")}
            </button>
          </AdminActions>
        )}
      </AdminRow>
      {suspending && !member.suspended ? (
        <AdminDetailRow columns={5}>
          <ReasonPanel
            fields={{ intent: "suspend", id: member.id }}
            label={t("admin.users.suspensionReason")}
            confirmLabel={t("admin.users.confirmSuspension")}
            onClose={onCloseSuspension}
          />
        </AdminDetailRow>
      ) : null}
    </>
  );
}
