import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { ADD_RIDE_INTENT } from "~/domain/page-intents";
import { usePageFormFetcher } from "../use-page-form-fetcher";
import { checkRideForm } from "~/domain/ride-form";
import { RIDE_NAME_MAX, type RideNumberField } from "~/domain/ride-fields";
import { RIDE_TYPES, type RideTypeName } from "~/domain/ride-types";
import type { AddRideAnswer } from "~/domain/page-answers";
import { ImageField } from "../contribute/image-field";
import { LocationFields } from "../contribute/location-fields";
import { RideMakerFields } from "../contribute/ride-maker-fields";
import { RideNumberFields } from "../contribute/ride-number-fields";
import { DescriptionFields, OpeningYearField } from "../contribute/shared-fields";
import { Field, FieldErrors } from "../field";
import { FormMessage } from "../form-message";
import { withFileLimits } from "../file-limits";
import { useFormCheck } from "../use-form-check";


const NUMBER_FIELDS: RideNumberField[] = [
  "height",
  "maxSpeed",
  "trackLength",
  "inversions",
  "duration",
  "capacityPerHour",
  "minHeightAlone",
  "minHeightForbidden",
];

/**
 * The add-attraction form itself, for members (see AddRideForm). After a
 * success the form empties and the new ride shows in the list (marked pending
 * for a member). Loaded when a member opens it: visitors, most of the park
 * page's readers, never download it. Opened by a click in place, it takes the
 * focus from the link it replaces.
 */
export default function AddRideMemberForm({ focusFirstField }: { focusFirstField: boolean }) {
  const { t } = useTranslation();
  const { fetcher, result } = usePageFormFetcher<AddRideAnswer>({ intent: ADD_RIDE_INTENT });
  const formRef = useRef<HTMLFormElement>(null);
  const { onSubmit, messages, refusedInBrowser } = useFormCheck(
    (values, form) => withFileLimits(checkRideForm(values, new Date().getFullYear()), "image", form.getAll("image")),
    result && "errors" in result ? result.errors : null,
  );
  const submitting = fetcher.state !== "idle";
  const created = result && "created" in result ? result.created : null;

  useEffect(() => {
    if (created && fetcher.state === "idle") formRef.current?.reset();
  }, [created, fetcher.state]);

  useEffect(() => {
    if (focusFirstField) formRef.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [focusFirstField]);

  const sortedTypes = [...RIDE_TYPES].sort((a, b) => t(`attractionTypes.${a}`).localeCompare(t(`attractionTypes.${b}`)));

  return (
    <>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {messages("form") ? <FormMessage tone="error">{messages("form")!.join(" ")}</FormMessage> : null}
        {created && !refusedInBrowser ? (
          <FormMessage tone="success">
            {t(created.moderationStatus === "pending" ? "contribute.attraction.createdPending" : "contribute.attraction.createdApproved", { name: created.name })}
          </FormMessage>
        ) : null}
      </div>
      <fetcher.Form ref={formRef} method="post" action={`?intent=${ADD_RIDE_INTENT}`} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("contribute.attraction.name")} name="name" required maxLength={RIDE_NAME_MAX} errors={messages("name")} />
          <TypeSelect types={sortedTypes} errors={messages("type")} />
        </div>
        <RideMakerFields messages={messages} />
        <DescriptionFields messages={messages} />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <RideNumberFields order={NUMBER_FIELDS} messages={messages} />
          <OpeningYearField messages={messages} />
        </div>
        <Field label={t("contribute.attraction.videoId")} name="videoId" errors={messages("videoId")} />
        <LocationFields of="ride" messages={messages} />
        <ImageField label={t("contribute.image")} errors={messages("image")} />
        <button type="submit" disabled={submitting} className="rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
          {submitting ? t("contribute.submitting") : t("contribute.attraction.submit")}
        </button>
      </fetcher.Form>
    </>
  );
}

function TypeSelect({ types, errors }: { types: RideTypeName[]; errors: string[] | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="attraction-type" className="block text-sm font-medium text-stone-800">
        {t("contribute.attraction.type")}
      </label>
      <select
        id="attraction-type"
        name="type"
        required
        defaultValue=""
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "attraction-type-error" : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 aria-[invalid]:border-red-600"
      >
        <option value="" disabled>
          {t("contribute.attraction.chooseType")}
        </option>
        {types.map((type) => (
          <option key={type} value={type}>
            {t(`attractionTypes.${type}`)}
          </option>
        ))}
      </select>
      <FieldErrors id="attraction-type-error" errors={errors} />
    </div>
  );
}
