import type { MemberSuggestionList } from "~/domain/member-suggestions";
import type { MemberPlanSummary } from "~/domain/visit-plan";
import { MemberPlansSection } from "./member-plans-section";
import MemberSuggestionsSection from "./member-suggestions-section";

/** The owner's own blocks of the profile, loaded together as one lazy chunk (see OwnSections). */
export default function OwnProfileSections({ suggestions, plans }: { suggestions: MemberSuggestionList; plans: MemberPlanSummary[] }) {
  return (
    <>
      <MemberPlansSection plans={plans} />
      <MemberSuggestionsSection list={suggestions} />
    </>
  );
}
