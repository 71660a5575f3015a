import { useFetcher } from "react-router";
import { useId } from "react";
import type { AdminAnswer } from "~/domain/admin-answers";
import { DIGEST_FREQUENCIES } from "~/domain/admin-notifications";
import {
  checkGeneralSettingsForm,
  checkNotificationSettingsForm,
  MAX_REPORTS_RANGE,
  type AdminSettingsView,
} from "~/domain/admin-settings-form";
import type { FieldMessages, FormCheck } from "~/domain/form-values";
import { useTranslation } from "~/i18n/translation-context";
import { Field } from "../../field";
import { FormMessage } from "../../form-message";
import { useFormCheck } from "../../use-form-check";
import { AdminAlert } from "../admin-alert";

const card = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm";
const saveButton = "rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:cursor-wait disabled:opacity-70";

/** A card's form: posted with a fetcher (each card keeps its own answer), checked in the browser first. */
function SettingsCard<Field extends string, Data>({
  intent,
  title,
  check,
  children,
}: {
  intent: "general" | "notifications";
  title: string;
  check: (values: Record<string, string>) => FormCheck<Field, Data>;
  children: (messages: (field: Field | "form") => string[] | null) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fetcher = useFetcher<AdminAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverFields = answer && !answer.ok ? (answer.fields as FieldMessages<Field> | undefined) : undefined;
  const { onSubmit, messages, refusedInBrowser } = useFormCheck(check, serverFields);
  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {children(messages)}
        {answer && !refusedInBrowser ? (
          answer.ok ? (
            <FormMessage tone="success">{t("admin.settings.saved")}</FormMessage>
          ) : answer.fields ? null : (
            <AdminAlert error={answer.error} />
          )
        ) : null}
        <button type="submit" name="intent" value={intent} disabled={fetcher.state !== "idle"} className={saveButton}>
          {t("admin.common.save")}
        </button>
      </fetcher.Form>
    </section>
  );
}

function Toggle({ name, label, hint, defaultChecked }: { name: string; label: string; hint?: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-4 accent-teal-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Paramètres généraux": auto-moderation, approval required, reports before hiding (1 to 10). */
export function GeneralSettingsCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useTranslation();
  return (
    <SettingsCard intent="general" title={t("admin.settings.generalTitle")} check={checkGeneralSettingsForm}>
      {(messages) => (
        <>
          <Toggle
            name="autoModeration"
            label={t("admin.settings.autoModeration")}
            hint={t("admin.settings.autoModerationHint")}
            defaultChecked={settings.autoModeration}
          />
          <Toggle
            name="requireApproval"
            label={t("admin.settings.requireApproval")}
            hint={t("admin.settings.requireApprovalHint")}
            defaultChecked={settings.requireApproval}
          />
          <Field
            label={t("admin.settings.maxReportsBeforeHide")}
            name="maxReportsBeforeHide"
            type="number"
            inputMode="numeric"
            min={MAX_REPORTS_RANGE.min}
            max={MAX_REPORTS_RANGE.max}
            step={1}
            defaultValue={settings.maxReportsBeforeHide}
            errors={messages("maxReportsBeforeHide")}
            className="max-w-xs"
          />
        </>
      )}
    </SettingsCard>
  );
}

/** "Paramètres de notification": e-mails on or off, which events, real time or a digest. */
export function NotificationSettingsCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useTranslation();
  const frequencyLabels = { realtime: t("admin.settings.realtime"), daily: t("admin.settings.daily"), weekly: t("admin.settings.weekly") };
  return (
    <SettingsCard
      intent="notifications"
      title={t("admin.settings.notificationsTitle")}
      check={checkNotificationSettingsForm}
    >
      {(messages) => (
        <>
          <Toggle name="emailNotifications" label={t("admin.settings.emailNotifications")} defaultChecked={settings.emailNotifications} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-stone-800">{t("admin.settings.notifyOn")}</legend>
            <Toggle name="notifyOnNewPark" label={t("admin.settings.notifyOnNewPark")} defaultChecked={settings.notifyOnNewPark} />
            <Toggle name="notifyOnNewAttraction" label={t("admin.settings.notifyOnNewAttraction")} defaultChecked={settings.notifyOnNewAttraction} />
            <Toggle name="notifyOnReport" label={t("admin.settings.notifyOnReport")} defaultChecked={settings.notifyOnReport} />
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-stone-800">{t("admin.settings.digestFrequency")}</legend>
            {DIGEST_FREQUENCIES.map((frequency) => (
              <label key={frequency} className="flex items-center gap-3 text-stone-800">
                <input
                  type="radio"
                  name="digestFrequency"
                  value={frequency}
                  defaultChecked={settings.digestFrequency === frequency}
                  className="size-4 accent-teal-700"
                />
                {frequencyLabels[frequency]}
              </label>
            ))}
            {messages("digestFrequency")?.map((message) => (
              <p key={message} className="text-sm text-red-700">
                {message}
              </p>
            ))}
          </fieldset>
        </>
      )}
    </SettingsCard>
  );
}
