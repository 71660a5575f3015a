import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { LocationFields } from "~/components/contribute/location-fields";
import { DescriptionFields, OpeningYearField, ParkNameField, PriceFields } from "~/components/contribute/shared-fields";
import { useParkNameCheck } from "~/components/contribute/use-park-name-check";
import { Field } from "~/components/field";
import { useFormCheck } from "~/components/use-form-check";
import type { AdminAnswer } from "~/domain/admin-answers";
import { checkAdminParkForm, nameNeedsDuplicateCheck, type AdminParkField } from "~/domain/admin-park-form";
import type { AdminParkDetail } from "~/domain/admin-parks";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/contribution-limits";
import type { FieldMessages } from "~/domain/form-values";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { listSearch } from "./view-links";

/**
 * 'Modifier {name}' (docs/rules/back-office.md#admin-park-edit): replaces the list;
 * the same rules in the browser and on the server, the live 'Ce parc existe
 * déjà' once the name is changed and 3 characters long. Saved, it goes back
 * to the list.
 */
export function ParkEditForm({ park }: { park: AdminParkDetail }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<AdminAnswer>();
  const [name, setName] = useState(park.name);
  const duplicate = useParkNameCheck(name, park.id) && nameNeedsDuplicateCheck(name, park.name, DUPLICATE_CHECK_MIN_LENGTH);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const saved = answer?.ok === true;
  useEffect(() => {
    if (saved) void navigate(listSearch(params));
  }, [saved, navigate, params]);
  const serverErrors = answer && !answer.ok ? (answer.fields as FieldMessages<AdminParkField> | undefined) : undefined;
  const { onSubmit, messages } = useFormCheck((values) => {
    const checked = checkAdminParkForm(values, new Date().getFullYear());
    // A name the live check found taken stops the submit; the name field already says why.
    return duplicate && checked.ok ? { ok: false, errors: {} } : checked;
  }, serverErrors);
  const nameMessages = duplicate ? [t("contribute.errors.parkExists")] : messages("name");
  const saving = fetcher.state !== "idle";

  return (
    <section aria-labelledby="park-edit-title">
      <h1 id="park-edit-title" className="text-2xl font-extrabold">
        {t("admin.parks.editTitle", { name: park.name })}
      </h1>
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-5 rounded-2xl border border-stone-200 bg-white p-6">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={park.id} />
        {answer && !answer.ok && !answer.fields ? <AdminAlert error={answer.error} /> : null}
        <ParkNameField name={name} onNameChange={setName} errors={nameMessages} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("contribute.country")} name="country" required defaultValue={park.country} errors={messages("country")} />
          <Field label={t("contribute.region")} name="region" required defaultValue={park.region} errors={messages("region")} />
        </div>
        <DescriptionFields french={park.descriptionFr ?? ""} english={park.descriptionEn ?? ""} messages={messages} />
        <div className="grid gap-5 sm:grid-cols-3">
          <OpeningYearField value={String(park.openingYear ?? "")} messages={messages} />
          <PriceFields value={(field) => String(park[field] ?? "")} messages={messages} />
        </div>
        <Field label={t("contribute.openingHours")} name="openingHours" defaultValue={park.openingHours ?? ""} errors={messages("openingHours")} />
        <LocationFields messages={messages} latitude={String(park.latitude ?? "")} longitude={String(park.longitude ?? "")} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={saving} className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-70">
            {saving ? t("admin.parks.saving") : t("admin.common.save")}
          </button>
          <Link to={listSearch(params)} className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-50">
            {t("admin.common.backToList")}
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}
