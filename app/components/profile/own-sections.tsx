import { Suspense, lazy } from "react";
import type { MemberSuggestionList } from "~/domain/member-suggestions";
import type { MemberPlanSummary } from "~/domain/visit-plan";

// The owner's lists are a chunk of their own: public profiles, the ones visitors and search engines load, do without it.
const OwnProfileSections = lazy(() => import("./own-profile-sections"));

/**
 * 'Mes plans de visite' and 'Mes suggestions', on the member's own profile
 * only (the loader gives them there, null elsewhere).
 */
export function OwnSections({ suggestions, plans }: { suggestions: MemberSuggestionList | null; plans: MemberPlanSummary[] | null }) {
  if (!suggestions || !plans) return null;
  return (
    <Suspense fallback={null}>
      <OwnProfileSections suggestions={suggestions} plans={plans} />
    </Suspense>
  );
}
