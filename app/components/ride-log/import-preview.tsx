import { Form } from "react-router";
import { formatCalendarDate } from "~/domain/format";
import type { FieldMessage } from "~/domain/form-values";
import { keptLineValue, MATCH_DOUBTS, type MatchDoubt, type RideLogImportPreview } from "~/domain/ride-log-import";
import { useTranslation } from "~/i18n/translation-context";
import { ProfileSection } from "../profile/profile-section";
import { primaryButton } from "../auth-card";
import { useLanguage } from "../root-data";
import { ImportErrors } from "./import-errors";

/**
 * The preview of an import (docs/rules/ride-log.md#import-and-export): how many lines matched how surely, the lines
 * found nowhere, and a table of the matched ones, each with its checkbox (ticked unless the member unticked it
 * before a refused confirmation). Its form sends the file's text back with the ticked lines: nothing was written yet.
 * The table may have 10,000 rows: they carry no class, the table's rules in app.css style them (decision 0063).
 */
export function ImportPreview({ preview, errors, busy }: { preview: RideLogImportPreview; errors: readonly FieldMessage[] | null; busy: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const counts = Object.fromEntries(MATCH_DOUBTS.map((doubt) => [doubt, 0])) as Record<MatchDoubt, number>;
  for (const line of preview.lines) counts[line.doubt]++;
  const kept = preview.kept && new Set(preview.kept);
  const matched = preview.lines.filter((line) => line.match !== null);
  const unmatched = preview.lines.filter((line) => line.match === null);
  return (
    <ProfileSection id="ride-log-preview" title={t("rideLog.import.previewTitle")}>
      <p className="text-sm text-stone-700">{t("rideLog.import.summary", { count: preview.lines.length, ...counts })}</p>
      <ImportErrors errors={errors} />
      {unmatched.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">{t("rideLog.import.unmatchedTitle")}</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-stone-700">
            {unmatched.map((line) => (
              <li key={line.line}>{t("rideLog.import.unmatchedLine", { line: line.line, park: line.park, ride: line.ride })}</li>
            ))}
          </ul>
        </>
      ) : null}
      {matched.length > 0 ? (
        <Form method="post" encType="multipart/form-data" className="mt-4">
          <input type="hidden" name="csv" value={preview.csv} />
          <p className="text-sm text-stone-700">{t("rideLog.import.checkHint")}</p>
          {/* Its own scroll, so that the confirmation stays near; the checkboxes take the keyboard through it. */}
          <div role="region" aria-label={t("rideLog.import.tableLabel")} className="mt-3 max-h-[70vh] overflow-y-auto rounded-lg border border-stone-200">
            <table className="import-lines">
              <thead>
                <tr>
                  <th scope="col">{t("rideLog.import.columns.keep")}</th>
                  <th scope="col">{t("rideLog.import.columns.file")}</th>
                  <th scope="col">{t("rideLog.import.columns.match")}</th>
                </tr>
              </thead>
              <tbody>
                {matched.map((line) => {
                  const value = keptLineValue(line.line, line.match!.rideId);
                  return (
                    // Keyed by the match too: a line whose match changed since (a refused confirmation) comes back unticked.
                    <tr key={value}>
                      <td>
                        <input
                          type="checkbox"
                          name="keep"
                          value={value}
                          defaultChecked={kept ? kept.has(value) : true}
                          aria-label={t("rideLog.import.keepLine", { line: line.line, ride: line.ride })}
                        />
                      </td>
                      <td>
                        <span>{t("rideLog.import.rideInPark", { ride: line.ride, park: line.park })}</span>
                        <span>
                          {t("rideLog.import.lineNumber", { line: line.line })} · {line.riddenOn ? formatCalendarDate(line.riddenOn, language) : t("rideLog.dateUnknown")} ·{" "}
                          {t("rideLog.entryTimes", { count: line.times })}
                        </span>
                      </td>
                      <td data-doubt={line.doubt}>
                        <span>{t("rideLog.import.rideInPark", { ride: line.match!.rideName, park: line.match!.parkName })}</span>
                        <span>{t(`rideLog.import.doubts.${line.doubt}`)}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <button type="submit" name="intent" value="confirm" disabled={busy} className={`${primaryButton} mt-4 sm:w-auto`}>
            {busy ? t("rideLog.import.importing") : t("rideLog.import.confirm")}
          </button>
        </Form>
      ) : null}
    </ProfileSection>
  );
}
