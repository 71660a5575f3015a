import { NAMED_TARGET_TYPES, type ModerationLogEntry } from "~/domain/admin-dashboard";
import { isModerationAction } from "~/domain/moderation-log";
import { logTargetInWords, settingChangesInWords } from "~/domain/moderation-log-wording";
import { useTranslation } from "~/i18n/translation-context";
import { AdminCell, AdminRow } from "../admin-table";
import { RelativeDate } from "../relative-date";

/** The action's label; an action the vocabulary no longer knows shows as stored rather than not at all. */
function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  return <>{isModerationAction(action) ? t(`admin.log.actions.${action}`) : action}</>;
}

/**
 * The target: its type, then its current name (park, ride, member), or
 * '(supprimé)' once it is gone; a report, a suggestion, a settings card in
 * words (whose review of what…); anything else by its id.
 */
function TargetLabel({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useTranslation();
  const named = NAMED_TARGET_TYPES.includes(entry.targetType);
  const worded = logTargetInWords(entry, t);
  if (worded) return <span className="text-stone-900">{worded}</span>;
  return (
    <>
      <span className="text-stone-600">{t(`admin.log.targets.${entry.targetType}`)}</span>{" "}
      {named ? (
        <span className="font-medium text-stone-900">{entry.targetName ?? t("admin.common.deleted")}</span>
      ) : (
        <code className="break-all text-xs text-stone-700">{entry.targetId}</code>
      )}
    </>
  );
}

/** The reason or resolution as written; a settings change in words. */
function Details({ entry }: { entry: ModerationLogEntry & { details: string } }) {
  const { t } = useTranslation();
  return <>{entry.targetType === "settings" ? settingChangesInWords(entry.details, t).join(" · ") : entry.details}</>;
}

function ModeratorName({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useTranslation();
  return <>{entry.moderatorUsername ?? t("admin.common.deleted")}</>;
}

const LOG_COLUMNS = ["date", "moderator", "action", "target", "details"] as const;

/** The log's column headers: Date, Modérateur, Action, Cible, Détails. */
export function useLogColumns() {
  const { t } = useTranslation();
  return LOG_COLUMNS.map((column) => t(`admin.log.columns.${column}`));
}

/** One row of the moderation log, on its screen and on the dashboard's recent activity: when, who, what, to what, why. */
export function ModerationLogRow({ entry, now }: { entry: ModerationLogEntry; now: string }) {
  const { t } = useTranslation();
  const column = (name: (typeof LOG_COLUMNS)[number]) => t(`admin.log.columns.${name}`);
  return (
    <AdminRow>
      <AdminCell label={column("date")} nowrap>
        <RelativeDate iso={entry.createdAt} now={now} />
      </AdminCell>
      <AdminCell label={column("moderator")}>
        <span className="font-medium text-stone-900">
          <ModeratorName entry={entry} />
        </span>
      </AdminCell>
      <AdminCell label={column("action")}>
        <ActionLabel action={entry.action} />
      </AdminCell>
      <AdminCell label={column("target")}>
        <TargetLabel entry={entry} />
      </AdminCell>
      <AdminCell label={column("details")} wide>
        {entry.details ? <Details entry={{ ...entry, details: entry.details }} /> : t("admin.log.noDetails")}
      </AdminCell>
    </AdminRow>
  );
}
