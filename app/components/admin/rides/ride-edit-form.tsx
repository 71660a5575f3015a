import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { checkAdminRideForm } from "~/domain/admin-ride-form";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminRideEdit, AdminRideLine } from "~/domain/admin-ride-rows";
import { RIDE_NAME_MAX, type RideNumberField } from "~/domain/ride-fields";
import { RIDE_STATUSES, type RideTypeName } from "~/domain/ride-types";
import { useTranslation } from "~/i18n/translation-context";
import { RideNumberFields } from "~/components/contribute/ride-number-fields";
import { Field, FieldErrors } from "~/components/field";
import { RideMakerFields } from "~/components/contribute/ride-maker-fields";
import { OpeningYearField } from "~/components/contribute/shared-fields";
import { LocationFields } from "~/components/contribute/location-fields";
import { FormMessage } from "~/components/form-message";
import { useFormCheck } from "~/components/use-form-check";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON } from "../admin-table";

const NUMBER_FIELDS: RideNumberField[] = ["minHeightAlone", "minHeightForbidden", "duration", "capacityPerHour", "trackLength", "height", "inversions", "maxSpeed"];

const SELECT =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 aria-[invalid]:border-red-600 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30";

/**
 * 'Modifier {name}' (docs/rules/back-office.md#admin-ride-edit): the creation
 * form's fields and rules, checked in the browser and again by the server,
 * plus the ride's status and a FR/EN toggle showing one description at a
 * time (both are submitted). Saved, it goes back to the list. Above the form,
 * the ride it continues and the way to 'Continue l'attraction…' (docs/rules/back-office.md#ride-relocation).
 */
export function RideEditForm({
  attraction: ride,
  continues,
  types,
}: {
  attraction: AdminRideEdit;
  continues: AdminRideLine["continues"];
  types: RideTypeName[] | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AdminAnswer>();
  const navigate = useNavigate();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal = answer && !answer.ok ? answer : null;
  const { onSubmit, messages, refusedInBrowser } = useFormCheck(
    (values) => checkAdminRideForm(values, new Date().getFullYear()),
    refusal?.fields,
  );
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (answer?.ok) void navigate("/admin/attractions");
  }, [answer, navigate]);

  const value = (field: keyof AdminRideEdit) => {
    const current = ride[field];
    return current === null ? "" : String(current);
  };

  return (
    <section aria-labelledby="edit-attraction-title">
      <h1 id="edit-attraction-title" className="mb-2 text-2xl font-bold">
        {t("admin.attractions.editTitle", { name: ride.name })}
      </h1>
      <p className="mb-4 flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <span>{continues ? t("admin.attractions.continues.current", { ride: continues.name, park: continues.parkName }) : t("admin.attractions.continues.none")}</span>
        <Link to={`?continues=${ride.id}`} className={ADMIN_BUTTON.neutral}>
          {t("admin.attractions.continues.action")}
        </Link>
      </p>
      <div aria-live="polite" className="mb-4 space-y-2 empty:hidden">
        {refusal && !refusal.fields ? <AdminAlert error={refusal.error} /> : null}
        {refusedInBrowser || refusal?.fields ? <FormMessage tone="error">{t("admin.attractions.errors.updateForm")}</FormMessage> : null}
      </div>
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="space-y-5 rounded-lg border border-stone-200 bg-white p-6">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={ride.id} />
        <div className="grid gap-5 sm:grid-cols-3">
          <Field label={t("contribute.attraction.name")} name="name" required maxLength={RIDE_NAME_MAX} defaultValue={ride.name} errors={messages("name")} />
          <TypeSelect current={ride.type} types={types} errors={messages("type")} />
          <StatusSelect current={ride.status} errors={messages("status")} />
        </div>
        <RideMakerFields manufacturer={ride.manufacturer ?? ""} model={ride.model ?? ""} messages={messages} />
        <DescriptionToggle french={ride.descriptionFr} english={ride.descriptionEn} errors={{ fr: messages("descriptionFr"), en: messages("descriptionEn") }} />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <RideNumberFields order={NUMBER_FIELDS} value={value} messages={messages} />
          <OpeningYearField value={value("openingYear")} messages={messages} />
        </div>
        <Field label={t("contribute.attraction.videoId")} name="videoId" defaultValue={value("videoId")} errors={messages("videoId")} />
        <LocationFields of="ride" messages={messages} latitude={value("latitude")} longitude={value("longitude")} />
        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/admin/attractions" className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-50">
            {t("admin.common.backToList")}
          </Link>
          <button type="submit" disabled={saving} className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
            {saving ? t("admin.attractions.saving") : t("admin.common.save")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** The type select; when the types cannot be read, the ride keeps its own and the product's message shows. */
function TypeSelect({ current, types, errors }: { current: RideTypeName; types: RideTypeName[] | null; errors: string[] | null }) {
  const { t } = useTranslation();
  const id = useId();
  const options = [...(types ?? [current])].sort((a, b) => t(`attractionTypes.${a}`).localeCompare(t(`attractionTypes.${b}`)));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("contribute.attraction.type")}
      </label>
      <select id={id} name="type" required defaultValue={current} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className={SELECT}>
        {options.map((type) => (
          <option key={type} value={type}>
            {t(`attractionTypes.${type}`)}
          </option>
        ))}
      </select>
      {types === null ? (
        <div className="mt-2">
          <AdminAlert error={{ key: "admin.attractions.errors.typesLoad" }} />
        </div>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function StatusSelect({ current, errors }: { current: string; errors: string[] | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("admin.attractions.status")}
      </label>
      <select id={id} name="status" defaultValue={current} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-error` : undefined} className={SELECT}>
        {RIDE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`attraction.status.${status}`)}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * One description at a time, chosen by two toggle buttons (aria-pressed): the
 * other textarea is only hidden, so that both languages are submitted.
 */
function DescriptionToggle({ french, english, errors }: { french: string | null; english: string | null; errors: { fr: string[] | null; en: string[] | null } }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<"fr" | "en">("fr");
  const id = useId();
  const toggle = (value: "fr" | "en", label: string) => (
    <button
      type="button"
      aria-pressed={language === value}
      onClick={() => setLanguage(value)}
      className="rounded-md px-3 py-1 text-sm font-semibold aria-[pressed=true]:bg-teal-700 aria-[pressed=true]:text-white hover:bg-stone-100 aria-[pressed=true]:hover:bg-teal-800"
    >
      {label}
    </button>
  );
  const area = (value: "fr" | "en", label: string, text: string | null, messages: string[] | null) => (
    <div hidden={language !== value}>
      <label htmlFor={`${id}-${value}`} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={`${id}-${value}`}
        name={value === "fr" ? "descriptionFr" : "descriptionEn"}
        lang={value}
        rows={6}
        defaultValue={text ?? ""}
        aria-invalid={messages ? true : undefined}
        aria-describedby={messages ? `${id}-${value}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30 aria-[invalid]:border-red-600"
      />
      <FieldErrors id={`${id}-${value}-error`} errors={messages} />
    </div>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">{t("admin.attractions.description")}</legend>
      <div role="group" aria-label={t("admin.attractions.descriptionLanguage")} className="inline-flex gap-1 rounded-lg border border-stone-300 p-1">
        {toggle("fr", t("admin.attractions.french"))}
        {toggle("en", t("admin.attractions.english"))}
      </div>
      {area("fr", t("contribute.descriptionFr"), french, errors.fr)}
      {area("en", t("contribute.descriptionEn"), english, errors.en)}
    </fieldset>
  );
}
