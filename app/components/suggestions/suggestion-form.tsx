import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { RIDE_STATUSES, RIDE_TYPES } from "~/domain/ride-types";
import { PARK_NAME_MAX } from "~/domain/contribution-limits";
import type { FieldMessages, FormCheck } from "~/domain/form-values";
import { DESCRIPTION_MAX, PARK_TEXT_LIMITS } from "~/domain/park-fields";
import { RIDE_NAME_MAX, RIDE_NUMBER_RULES, type RideNumberField } from "~/domain/ride-fields";
import { suggestionChanges } from "~/domain/suggested-changes";
import { SUGGESTION_REASON_MAX, checkRideSuggestionForm, checkParkSuggestionForm } from "~/domain/suggestion-forms";
import { SUGGEST_INTENT, inputValue, type SuggestionAnswer, type SuggestionTargetView } from "~/domain/suggestion-page";
import { ImageField } from "../contribute/image-field";
import { LocationFields } from "../contribute/location-fields";
import { DescriptionFields, OpeningYearField, PriceFields } from "../contribute/shared-fields";
import { RideNumberFields } from "../contribute/ride-number-fields";
import { Field } from "../field";
import { FormMessage } from "../form-message";
import { withFileLimits } from "../file-limits";
import { useLocalizedHref } from "../root-data";
import { useFormCheck } from "../use-form-check";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import { RideMakerFields } from "../contribute/ride-maker-fields";
import { SelectField } from "../select-field";

type Messages = (field: string) => string[] | null;
/** A field's starting text: what the member typed when the page came back with a refusal, else the target's value. */
type Initial = (field: string, current: string | number | null) => string;

const RIDE_NUMBER_FIELDS = Object.keys(RIDE_NUMBER_RULES) as RideNumberField[];

/**
 * The edit suggestion form (docs/rules/suggestions.md#suggestion-form), filled with
 * the target's current values: on the suggestion page, and in the ride page's
 * dialog. It posts to the suggestion route's action, through a fetcher once
 * hydrated and as a plain multipart form before. The browser runs the same
 * rules as the server, and says at once when nothing was changed (the server
 * checks again against the row itself).
 */
export function SuggestionForm({ target }: { target: SuggestionTargetView }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { fetcher, result } = usePageFormFetcher<SuggestionAnswer>({ intent: SUGGEST_INTENT });
  const { onSubmit, messages, refusedInBrowser } = useFormCheck((values, form) => checkSuggestion(target, values, form), result && "errors" in result ? result.errors : null);
  const sent = result && "sent" in result && !refusedInBrowser ? result.sent : null;
  const submitting = fetcher.state !== "idle";
  const action = href(`/${target.kind === "park" ? "parks" : "attractions"}/${target.id}/suggest`);
  const typed = result && "typed" in result ? result.typed : undefined;
  const initial: Initial = (field, current) => typed?.[field] ?? inputValue(field, current);
  // The confirmation replaces the form, and the button that had the focus with it: the focus moves to the confirmation.
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div ref={confirmation} tabIndex={-1} className="space-y-4 outline-none">
        <FormMessage tone="success">
          {t("suggestions.form.sent")}
          {sent.replaced ? ` ${t("suggestions.form.replaced", { name: target.name })}` : null}
        </FormMessage>
        <Link to={href(target.path)} className="inline-block font-semibold text-teal-800 underline">
          {t("suggestions.form.backTo", { name: target.name })}
        </Link>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action={action} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="space-y-5">
      {target.kind === "park" ? (
        <ParkFields target={target} messages={messages} initial={initial} />
      ) : (
        <RideFields target={target} messages={messages} initial={initial} />
      )}
      <ImageField label={t("contribute.image")} errors={messages("image")} />
      <Field
        label={t("suggestions.form.reason")}
        name="reason"
        multiline
        required
        maxLength={SUGGESTION_REASON_MAX}
        defaultValue={typed?.reason}
        errors={messages("reason")}
        description={<p className="mt-1 text-sm text-stone-600">{t("suggestions.form.reasonHint")}</p>}
      />
      {/* Beside the button, where the eye is when the form is refused ('Aucune modification n'a été apportée'). */}
      <div aria-live="polite" className="empty:hidden">
        {messages("form") ? <FormMessage tone="error">{messages("form")!.join(" ")}</FormMessage> : null}
      </div>
      <button type="submit" disabled={submitting} className="rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
        {submitting ? t("suggestions.form.submitting") : t("suggestions.form.submit")}
      </button>
    </fetcher.Form>
  );
}

/** The server's rules, the picture's size, then 'Aucune modification n'a été apportée' when nothing differs from the loaded values. */
function checkSuggestion(target: SuggestionTargetView, values: Record<string, string>, form: FormData): FormCheck<string, unknown> {
  const year = new Date().getFullYear();
  const images = form.getAll("image");
  const checked = withFileLimits<string, unknown>(
    target.kind === "park" ? checkParkSuggestionForm(values, year) : checkRideSuggestionForm(values, year),
    "image",
    images,
  );
  if (!checked.ok) return checked;
  const proposed = (checked.data as { proposed: Record<string, unknown> }).proposed;
  const changes = suggestionChanges(target.kind, target.values, proposed);
  const withImage = images.some((entry) => entry instanceof File && entry.size > 0);
  if (!withImage && Object.keys(changes).length === 0) {
    const errors: FieldMessages = { form: [{ key: "suggestions.errors.noChanges" }] };
    return { ok: false, errors };
  }
  return checked;
}

type FieldsProps<Kind extends SuggestionTargetView["kind"]> = { target: Extract<SuggestionTargetView, { kind: Kind }>; messages: Messages; initial: Initial };

function ParkFields({ target, messages, initial }: FieldsProps<"park">) {
  const { t } = useTranslation();
  const { values } = target;
  return (
    <>
      <Field label={t("contribute.name")} name="name" required maxLength={PARK_NAME_MAX} defaultValue={initial("name", values.name)} errors={messages("name")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("contribute.country")} name="country" required maxLength={PARK_TEXT_LIMITS.place} defaultValue={initial("country", values.country)} autoComplete="country-name" errors={messages("country")} />
        <Field label={t("contribute.region")} name="region" required maxLength={PARK_TEXT_LIMITS.place} defaultValue={initial("region", values.region)} errors={messages("region")} />
      </div>
      <DescriptionFields french={initial("descriptionFr", values.descriptionFr)} english={initial("descriptionEn", values.descriptionEn)} maxLength={DESCRIPTION_MAX} messages={messages} />
      <div className="grid gap-5 sm:grid-cols-3">
        <OpeningYearField value={initial("openingYear", values.openingYear)} messages={messages} />
        <PriceFields value={(field) => initial(field, values[field])} messages={messages} />
      </div>
      <Field
        label={t("contribute.openingHours")}
        name="openingHours"
        maxLength={PARK_TEXT_LIMITS.openingHours}
        defaultValue={initial("openingHours", values.openingHours)}
        errors={messages("openingHours")}
        description={<p className="mt-1 text-sm text-stone-600">{t("contribute.openingHoursHint")}</p>}
      />
      <LocationFields messages={messages} latitude={initial("latitude", values.latitude)} longitude={initial("longitude", values.longitude)} />
    </>
  );
}

function RideFields({ target, messages, initial }: FieldsProps<"attraction">) {
  const { t } = useTranslation();
  const { values } = target;
  const types = [...RIDE_TYPES].sort((a, b) => t(`attractionTypes.${a}`).localeCompare(t(`attractionTypes.${b}`)));
  return (
    <>
      <Field label={t("contribute.attraction.name")} name="name" required maxLength={RIDE_NAME_MAX} defaultValue={initial("name", values.name)} errors={messages("name")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t("contribute.attraction.type")}
          name="type"
          value={initial("type", values.type)}
          options={types.map((type) => ({ value: type, label: t(`attractionTypes.${type}`) }))}
          errors={messages("type")}
        />
        <SelectField
          label={t("suggestions.form.status")}
          name="status"
          value={initial("status", values.status)}
          options={RIDE_STATUSES.map((status) => ({ value: status, label: t(`attraction.status.${status}`) }))}
          errors={messages("status")}
        />
      </div>
      <RideMakerFields manufacturer={initial("manufacturer", values.manufacturer)} model={initial("model", values.model)} messages={messages} />
      <DescriptionFields french={initial("descriptionFr", values.descriptionFr)} english={initial("descriptionEn", values.descriptionEn)} maxLength={DESCRIPTION_MAX} messages={messages} />
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <RideNumberFields order={RIDE_NUMBER_FIELDS} value={(field) => initial(field, values[field])} messages={messages} />
        <OpeningYearField value={initial("openingYear", values.openingYear)} messages={messages} />
      </div>
      <Field label={t("contribute.attraction.videoId")} name="videoId" defaultValue={initial("videoId", values.videoId)} errors={messages("videoId")} />
      <LocationFields of="ride" messages={messages} latitude={initial("latitude", values.latitude)} longitude={initial("longitude", values.longitude)} />
    </>
  );
}

