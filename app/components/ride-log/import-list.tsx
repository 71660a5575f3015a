import { Form } from "react-router";
import { formatCalendarDate, formatDate } from "~/domain/format";
import type { FieldMessage } from "~/domain/form-values";
import type { RideLogImportSummary } from "~/domain/ride-log-import";
import { useTranslation } from "~/i18n/translation-context";
import { ProfileSection } from "../profile/profile-section";
import { secondaryButton } from "../auth-card";
import { FormMessage } from "../form-message";
import { useLanguage } from "../root-data";
import { ImportErrors } from "./import-errors";

/** The member's imports, newest first: each with its first entries and 'Annuler l'import' (docs/rules/ride-log.md#import-and-export). */
export function ImportList({ imports, done, errors, busy }: { imports: RideLogImportSummary[]; done: string | null; errors: readonly FieldMessage[] | null; busy: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ProfileSection id="ride-log-imports" title={t("rideLog.import.importsTitle")}>
      {done ? (
        <div className="mt-3">
          <FormMessage tone="success">{done}</FormMessage>
        </div>
      ) : null}
      <ImportErrors errors={errors} />
      {imports.length === 0 ? <p className="mt-2 text-sm text-stone-700">{t("rideLog.import.noImports")}</p> : null}
      <ul className="mt-3 space-y-4">
        {imports.map((summary) => {
          const date = formatDate(summary.createdAt, language);
          const more = summary.entryCount - summary.entries.length;
          return (
            <li key={summary.id} className="rounded-lg border border-stone-200 p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="font-semibold">{t("rideLog.import.importOf", { date, count: summary.entryCount })}</p>
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="importId" value={summary.id} />
                  <button type="submit" name="intent" value="undo" disabled={busy} aria-label={t("rideLog.import.undoImport", { date })} className={`${secondaryButton} sm:w-auto`}>
                    {t("rideLog.import.undo")}
                  </button>
                </Form>
              </div>
              <ul aria-label={t("rideLog.import.entriesOf", { date })} className="mt-2 space-y-0.5 text-sm text-stone-700">
                {summary.entries.map((entry, index) => (
                  <li key={index}>
                    {entry.rideName} ({entry.parkName}) · {entry.riddenOn ? formatCalendarDate(entry.riddenOn, language) : t("rideLog.dateUnknown")} ·{" "}
                    {t("rideLog.entryTimes", { count: entry.times })}
                  </li>
                ))}
              </ul>
              {more > 0 ? <p className="mt-1 text-sm text-stone-600">{t("rideLog.import.moreEntries", { count: more })}</p> : null}
            </li>
          );
        })}
      </ul>
    </ProfileSection>
  );
}
