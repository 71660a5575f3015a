import type { ModerationStatus } from "~/domain/moderation";
import { useTranslation } from "~/i18n/translation-context";

const TONES: Record<ModerationStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};

/** A park's or a ride's moderation state in the back office (docs/rules/back-office.md#moderation-states): En attente yellow, Approuvé green, Rejeté red. */
export function ModerationStatusBadge({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>{t(`admin.moderation.${status}`)}</span>;
}
