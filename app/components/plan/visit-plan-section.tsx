import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { LoginPrompt } from "../login-prompt";

// The whole editor (list, drag and drop, autosave, the rating dialog) is a members-only chunk: visitors never download it.
const VisitPlanEditor = lazy(() => import("./visit-plan-editor"));

export type PlanRide = { id: string; name: string; slug: string };

/**
 * The park page's visit plan (docs/rules/plans.md#who-sees-the-plan): the member's own
 * plan, or for visitors a prompt to log in that brings them back here.
 */
export function VisitPlanSection({ parkId, parkPath, rides, signedIn }: { parkId: string; parkPath: string; rides: PlanRide[]; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section id="visit-plan" aria-labelledby="visit-plan-title" className="mt-10">
      <h2 id="visit-plan-title" className="text-xl font-bold">
        {t("plans.title")}
      </h2>
      {signedIn ? (
        <Suspense fallback={null}>
          <VisitPlanEditor key={parkId} parkId={parkId} parkPath={parkPath} rides={rides} />
        </Suspense>
      ) : (
        <LoginPrompt anchor="visit-plan">{t("plans.loginPrompt")}</LoginPrompt>
      )}
    </section>
  );
}
