import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { formatDate } from "~/domain/format";
import type { MemberSuggestionList } from "~/domain/member-suggestions";
import type { ModerationStatus } from "~/domain/moderation";
import { suggestionFieldLabel } from "~/domain/suggestion-labels";
import { useLanguage, useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";

/**
 * 'Mes suggestions' on the member's own profile (docs/rules/profiles.md#profile-page): what they
 * suggested, newest first, where it stands (the back office's badges), what
 * it changes, and the administrator's reason when it was rejected with one.
 * Never on a profile someone else looks at.
 */
export default function MemberSuggestionsSection({ list }: { list: MemberSuggestionList }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = useLocalizedHref();
  const { suggestions, total } = list;
  return (
    <ProfileSection
      id="my-suggestions"
      title={t("suggestions.mine.title")}
      action={total > suggestions.length ? <p className="text-sm text-stone-600">{t("suggestions.mine.showing", { shown: suggestions.length, count: total })}</p> : undefined}
    >
      {suggestions.length === 0 ? (
        <p className="text-stone-600">{t("suggestions.mine.empty")}</p>
      ) : (
        // Component classes (app/app.css): twenty rows repeat them (decision 0072).
        <ul className="suggestion-list">
          {suggestions.map((suggestion) => {
            const labels = suggestion.fields.map((field) =>
              t(suggestionFieldLabel(suggestion.kind, field)),
            );
            return (
              <li key={suggestion.id}>
                <div>
                  <Link to={href(suggestion.targetPath)}>{suggestion.targetName}</Link>
                  <span>{t(suggestion.kind === "park" ? "contribute.pending.kindPark" : "contribute.pending.kindAttraction")}</span>
                  <StatusBadge status={suggestion.status} />
                </div>
                <p>{t("suggestions.mine.sentOn", { date: formatDate(suggestion.createdAt, language) })}</p>
                {labels.length > 0 ? <p>{t("suggestions.mine.changes", { fields: labels.join(", ") })}</p> : null}
                {suggestion.rejectionReason ? (
                  <p className="text-red-800">{t("contribute.pending.rejectedReason", { reason: suggestion.rejectionReason })}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </ProfileSection>
  );
}

// The back office's badges (docs/rules/back-office.md#moderation-states: En attente yellow, Approuvé green, Rejeté red), with texts of the public messages:
// the administrator's own are not sent to members' pages.
// The colours are the list's classes (app/app.css `.suggestion-list [data-status]`).
function StatusBadge({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation();
  return <span data-status={status}>{t(`suggestions.mine.status.${status}`)}</span>;
}
