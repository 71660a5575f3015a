import { NAMED_TARGET_TYPES, type ModerationLogEntry } from "~/domain/admin-dashboard";
import { isModerationAction } from "~/domain/moderation-log";
import { logTargetInWords, settingChangesInWords } from "~/domain/moderation-log-wording";
import { useTranslation } from "~/i18n/translation-context";
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

/** One entry of the dashboard's recent activity: who did what to what, the reason, when. */
export function ModerationLogItem({ entry, now }: { entry: ModerationLogEntry; now: string }) {
  return (
    <li className="py-3 text-sm">
      <p>
        <span className="font-semibold text-stone-900">
          <ModeratorName entry={entry} />
        </span>{" "}
        · <ActionLabel action={entry.action} /> · <TargetLabel entry={entry} />
      </p>
      {entry.details ? (
        <p className="mt-1 whitespace-pre-line break-words text-stone-700">
          <Details entry={{ ...entry, details: entry.details }} />
        </p>
      ) : null}
      <p className="mt-1 text-xs text-stone-600">
        <RelativeDate iso={entry.createdAt} now={now} />
      </p>
    </li>
  );
}

/** One row of the "Journal de modération" table: Date, Modérateur, Action, Cible, Détails. */
export function ModerationLogRow({ entry, now }: { entry: ModerationLogEntry; now: string }) {
  const { t } = useTranslation();
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-3 py-2 text-stone-700">
        <RelativeDate iso={entry.createdAt} now={now} />
      </td>
      <td className="px-3 py-2 font-medium text-stone-900">
        <ModeratorName entry={entry} />
      </td>
      <td className="px-3 py-2">
        <ActionLabel action={entry.action} />
      </td>
      <td className="px-3 py-2">
        <TargetLabel entry={entry} />
      </td>
      <td className="max-w-md whitespace-pre-line break-words px-3 py-2 text-stone-700">
        {entry.details ? <Details entry={{ ...entry, details: entry.details }} /> : t("admin.log.noDetails")}
      </td>
    </tr>
  );
}
