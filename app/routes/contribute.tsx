import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form, redirect, useNavigation } from "react-router";
import { ImageField } from "~/components/contribute/image-field";
import { LocationFields } from "~/components/contribute/location-fields";
import { DescriptionFields, OpeningYearField, ParkNameField, PriceFields } from "~/components/contribute/shared-fields";
import { useParkNameCheck } from "~/components/contribute/use-park-name-check";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { rulesOnDemand, useFormCheck } from "~/components/use-form-check";
import { withFileLimits } from "~/components/file-limits";
import type { FieldMessages } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import type { ParkField } from "~/domain/park-form";
import { requireUser } from "~/server/auth/guards";
import { listParkPlaces } from "~/server/catalog/park-queries";
import { readContributionForm } from "~/server/contributions/contribution-upload";
import { createPark } from "~/server/contributions/create-park";
import { allowanceRefusal } from "~/server/contributions/upload-allowance";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/contribute";
import { refused } from "~/server/http/refusal-status";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { routeMessages } from "~/i18n/route-messages";

// The park rules load once the form is in use (rulesOnDemand), as the account forms' do: until then the server checks.
const parkRules = rulesOnDemand(() => import("~/domain/park-form"));

/** Adding a park needs an account (docs/rules/catalogue.md#adding-a-park); the countries already known are offered as suggestions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const { countries } = await listParkPlaces(context.db, null);
  return { countries, messages: routeMessages(requestLanguage(request), ["contribute", "images"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  // Before the body is read: a member whose allowance is spent does not get to send a picture (decision 0040).
  const spent = await allowanceRefusal(context.db, user.id, "park");
  if (spent) return refused({ errors: { form: [spent.error] } as FieldMessages<ParkField> }, spent.reason);
  const form = await readContributionForm(request);
  if (!form.ok) return refused({ errors: { image: [form.error] } as FieldMessages<ParkField> }, form.reason);
  const outcome = await createPark(context, user, form);
  if (!outcome.ok) return refused({ errors: outcome.errors }, outcome.reason);
  // Success goes home (docs/rules/catalogue.md#adding-a-park), where a pending park is listed for its author.
  return redirect(localizedPath(requestLanguage(request), "/"));
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("contribute.title"));
}

export default function Contribute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [name, setName] = useState("");
  const duplicate = useParkNameCheck(name);
  const { onSubmit, messages } = useFormCheck((values, form) => {
    const rules = parkRules.loaded();
    const checked = rules && withFileLimits(rules.checkParkForm(values, new Date().getFullYear()), "image", form.getAll("image"));
    // A name the live check found taken stops the submit; the name field already says why.
    return duplicate && checked?.ok !== false ? { ok: false, errors: {} } : checked;
  }, actionData?.errors);
  const nameMessages = duplicate ? [t("contribute.errors.parkExists")] : messages("name");

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("contribute.title")}</h1>
      <p className="mt-2 text-stone-700">{t("contribute.intro")}</p>
      {messages("form") ? (
        <div className="mt-4">
          <FormMessage tone="error">{messages("form")!.join(" ")}</FormMessage>
        </div>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onFocus={parkRules.preload}
        onPointerDown={parkRules.preload}
        onSubmit={onSubmit}
        className="mt-6 space-y-5 rounded-2xl border border-stone-200 bg-white p-6">
        <ParkNameField
          name={name}
          onNameChange={setName}
          errors={nameMessages}
          description={duplicate ? <p className="mt-1 text-sm text-stone-600">{t("contribute.duplicateNote")}</p> : undefined}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("contribute.country")} name="country" required list="known-countries" autoComplete="country-name" errors={messages("country")} />
          <Field label={t("contribute.region")} name="region" required errors={messages("region")} />
        </div>
        <datalist id="known-countries">
          {loaderData.countries.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
        <p className="text-sm text-stone-600">{t("contribute.descriptionHint")}</p>
        <DescriptionFields messages={messages} />
        <div className="grid gap-5 sm:grid-cols-3">
          <OpeningYearField messages={messages} />
          <PriceFields messages={messages} />
        </div>
        <Field
          label={t("contribute.openingHours")}
          name="openingHours"
          errors={messages("openingHours")}
          description={<p className="mt-1 text-sm text-stone-600">{t("contribute.openingHoursHint")}</p>}
        />
        <LocationFields messages={messages} />
        <ImageField label={t("contribute.image")} errors={messages("image")} />
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-70 sm:w-auto"
        >
          {submitting ? t("contribute.submitting") : t("contribute.submit")}
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
