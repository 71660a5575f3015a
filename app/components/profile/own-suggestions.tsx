import { Suspense, lazy } from "react";
import type { MemberSuggestionList } from "~/domain/member-suggestions";

// The list is a chunk of its own: public profiles, the ones visitors and search engines load, do without it.
const MemberSuggestionsSection = lazy(() => import("./member-suggestions-section"));

/** 'Mes suggestions', on the member's own profile only (the loader gives a list there, null elsewhere). */
export function OwnSuggestions({ list }: { list: MemberSuggestionList | null }) {
  if (!list) return null;
  return (
    <Suspense fallback={null}>
      <MemberSuggestionsSection list={list} />
    </Suspense>
  );
}
