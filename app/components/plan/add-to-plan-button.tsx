import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { addRideToPlan, type AddToPlanOutcome } from "./add-ride-to-plan";

/**
 * 'Ajouter au plan' on a ride's own page (members, operating rides; a lazy
 * chunk, see RidePlanButton): the answer is announced with a link to the plan
 * on the park's page.
 */
export default function AddToPlanButton({ parkId, parkPath, ride }: { parkId: string; parkPath: string; ride: { id: string; name: string; slug: string } }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<AddToPlanOutcome | null>(null);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={async () => setOutcome(await addRideToPlan(parkId, ride))}
        className="rounded-lg border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50"
      >
        {t("plans.add")}
      </button>
      <p role="status" className="text-sm">
        {outcome ? (
          <>
            {t(outcome === "added" || outcome === "already" ? `plans.ridePage.${outcome}` : outcome)}{" "}
            <Link to={`${parkPath}#visit-plan`} className="font-semibold text-teal-800 underline">
              {t("plans.ridePage.seePlan")}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
