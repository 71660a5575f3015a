import { useTranslation } from "~/i18n/translation-context";

/** Marks a contribution its author sees before moderation (pending) or after a refusal. */
export function ModerationBadge({ status }: { status: "pending" | "rejected" }) {
  const { t } = useTranslation();
  return (
    <span
      className={`mt-1 w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${status === "pending" ? "bg-amber-100 text-amber-900" : "bg-red-100 text-red-800"}`}
    >
      {status === "pending" ? t("contribute.pending.badge") : t("contribute.pending.rejectedBadge")}
    </span>
  );
}

/** The banner on the page of a contribution that only its author (and the administrator) can see. */
export function ModerationNotice({ status, reason, kind }: { status: "pending" | "rejected"; reason: string | null; kind: "park" | "attraction" }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={`mb-6 rounded-xl p-4 text-sm font-medium ${status === "pending" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800"}`}>
      {status === "pending"
        ? t(kind === "park" ? "contribute.pending.parkNotice" : "contribute.pending.attractionNotice")
        : t("contribute.pending.rejectedNotice", { reason: reason ?? "" })}
    </p>
  );
}
