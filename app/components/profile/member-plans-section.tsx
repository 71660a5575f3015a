import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { MemberPlanSummary } from "~/domain/visit-plan";
import { useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";

/**
 * 'Mes plans de visite' on the member's own profile (docs/rules/profiles.md#profile-page): each plan's
 * park and number of rides, linking to the plan on the park's page. Only
 * listed when there is one: an empty block would say nothing.
 */
export function MemberPlansSection({ plans }: { plans: MemberPlanSummary[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  if (plans.length === 0) return null;
  return (
    <ProfileSection id="my-plans" title={t("plans.profile.title")}>
      <ul className="divide-y divide-stone-200">
        {plans.map((plan) => (
          <li key={plan.parkId} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
            <Link to={`${href(`/${plan.parkSlug}`)}#visit-plan`} className="font-semibold text-teal-900 underline">
              {plan.parkName}
            </Link>
            <span className="text-sm text-stone-700">
              {plan.name || t("plans.defaultName")} · {t("plans.profile.rides", { count: plan.rideCount })}
            </span>
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
