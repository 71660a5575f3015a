import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { KeysetPage } from "~/domain/admin-paging";
import { MEMBER_STATUSES, type AdminMemberRow } from "~/domain/admin-users";
import { formatDate } from "~/domain/format";
import { useLanguage } from "~/components/root-data";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ConfirmDialog } from "../confirm-dialog";
import { KeysetPager } from "../keyset-pager";
import { ListControls } from "../list-controls";
import { ReasonPanel } from "../reason-panel";

const BUTTON = "rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700";

/**
 * "Gestion des utilisateurs" (community §2): members newest first; suspend
 * with a reason (inline panel), reactivate, delete after the 'Confirmer la
 * suppression' dialog. The administrator's own row offers none of them.
 */
export function MembersScreen({ page }: { page: KeysetPage<AdminMemberRow> }) {
  const { t } = useTranslation();
  const [suspending, setSuspending] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminMemberRow | null>(null);
  const reactivation = useFetcher<AdminAnswer>();
  const deletion = useFetcher<AdminAnswer>();
  const deletionAnswer = deletion.state === "idle" ? deletion.data : undefined;
  const closeSuspension = useCallback(() => setSuspending(null), []);

  const failure = [reactivation.state === "idle" ? reactivation.data : undefined, deletionAnswer].find((answer) => answer && !answer.ok);

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold text-stone-900">{t("admin.users.title")}</h1>
      <ListControls
        searchLabel={t("admin.users.searchLabel")}
        statuses={MEMBER_STATUSES.map((status) => ({ value: status, label: t(`admin.users.${status}`) }))}
      />
      {failure && !failure.ok ? <AdminAlert error={failure.error} /> : null}
      {page.rows.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.users.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-3 py-2">{t("admin.users.user")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.users.email")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.users.joined")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.common.status")}</th>
                <th scope="col" className="px-3 py-2">{t("admin.common.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((member) => (
                <MemberRows
                  key={member.id}
                  member={member}
                  suspending={suspending === member.id}
                  onSuspend={() => setSuspending(member.id)}
                  onCloseSuspension={closeSuspension}
                  onReactivate={() => void reactivation.submit({ intent: "reactivate", id: member.id }, { method: "post" })}
                  reactivating={reactivation.state !== "idle"}
                  onDelete={() => setDeleting(member)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager older={page.older} newer={page.newer} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("admin.users.deleteTitle")}
        confirmLabel={t("admin.users.deleteConfirm")}
        busyLabel={t("admin.users.deleting")}
        busy={deletion.state !== "idle"}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          // Answered (and the list reloaded): the dialog closes; a refusal shows above the list.
          await deletion.submit({ intent: "delete", id: deleting.id }, { method: "post" });
          setDeleting(null);
        }}
      >
        <p>{t("admin.users.deleteBody", { username: deleting?.username ?? "" })}</p>
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
      <tr className="border-t border-stone-200 align-top">
        <th scope="row" className="px-3 py-2 font-semibold text-stone-900">{member.username}</th>
        <td className="px-3 py-2">
          <a href={`mailto:${member.email}`} className="text-teal-800 underline hover:text-teal-900">
            {member.email}
          </a>
        </td>
        <td className="px-3 py-2">
          <time dateTime={member.createdAt}>{formatDate(member.createdAt, language)}</time>
        </td>
        <td className="px-3 py-2">
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
        </td>
        <td className="px-3 py-2">
          {member.protected ? (
            <span className="text-xs text-stone-600">{t("admin.users.protectedAccount")}</span>
          ) : (
            <div className="flex flex-wrap gap-2">
              {member.suspended ? (
                <button type="button" disabled={reactivating} onClick={onReactivate} className={`${BUTTON} border-teal-700 text-teal-800 hover:bg-teal-50 disabled:opacity-60`}>
                  {t("admin.users.reactivate")}
                </button>
              ) : (
                <button type="button" aria-expanded={suspending} onClick={onSuspend} className={`${BUTTON} border-amber-600 text-amber-900 hover:bg-amber-50`}>
                  {t("admin.users.suspend")}
                </button>
              )}
              <button type="button" onClick={onDelete} className={`${BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>
                {t("admin.common.delete")}
              </button>
            </div>
          )}
        </td>
      </tr>
      {suspending && !member.suspended ? (
        <tr>
          <td colSpan={5} className="px-3 pb-3">
            <ReasonPanel
              fields={{ intent: "suspend", id: member.id }}
              label={t("admin.users.suspensionReason")}
              confirmLabel={t("admin.users.confirmSuspension")}
              onClose={onCloseSuspension}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
