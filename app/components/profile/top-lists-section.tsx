import { Suspense, lazy } from "react";
import { TOP_LIST_KINDS, type TopLists } from "~/domain/top-lists";
import { TopList } from "./top-list";

// The editor (search, drag and drop, keyboard moves) is a separate chunk: public
// profiles, the ones visitors and search engines load, do without it.
const TopListEditor = lazy(() => import("./top-list-editor").then((module) => ({ default: module.TopListEditor })));

/** Both top 10s of a profile: the editor on the member's own profile, read-only lists elsewhere. */
export function TopListsSection({ lists, editable }: { lists: TopLists; editable: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {TOP_LIST_KINDS.map((kind) =>
        editable ? (
          <Suspense key={kind} fallback={<TopList kind={kind} items={lists[kind]} />}>
            <TopListEditor kind={kind} items={lists[kind]} />
          </Suspense>
        ) : (
          <TopList key={kind} kind={kind} items={lists[kind]} />
        ),
      )}
    </div>
  );
}
