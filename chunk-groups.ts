/**
 * Which modules of the client build share a chunk (decisions 0013, 0015, 0054): listed by name, not matched by a
 * pattern over paths, so that a renamed or moved module cannot silently leave its group. vite.config.ts fails the
 * build naming an entry that no module of the client build answers to, and tests/unit/chunk-groups.test.ts names a
 * listed file that does not exist without a build. Entries are files from the project's root, or, for the two
 * modules of packages, a part of the module's id.
 */
export const CHUNK_GROUPS = {
  /**
   * The small modules every page loads (translation, page titles, icons, image and rating display, formats, and the
   * layout the root draws around every page: header, mobile bar, progress bar) in one chunk: apart, each costs its own
   * imports and exports, whose names cannot be shortened, and its own gzip window; together they were 1.5 KB gzip
   * smaller on every page, the layout 0.27 KB more. Decision 0013. The footer and the error page are not in it: they
   * are fetched after the first load, or when shown (decision 0065); nor the search folding, which only the home's
   * search box and the park's deferred ride filters use (the "search" group).
   */
  shell: [
    "app/components/account-notice.tsx",
    "app/components/average-rating.tsx",
    "app/components/deferred-component.tsx",
    "app/components/form-message.tsx",
    "app/components/icons.tsx",
    "app/components/layout/header.tsx",
    "app/components/layout/language-switch.tsx",
    "app/components/layout/mobile-nav.tsx",
    "app/components/layout/nav-items.ts",
    "app/components/layout/navigation-progress.tsx",
    "app/components/member-slot.tsx",
    "app/components/member-view.ts",
    "app/components/moderation-badge.tsx",
    "app/components/nonce.tsx",
    "app/components/page-meta.ts",
    "app/components/responsive-image.tsx",
    "app/components/root-data.ts",
    "app/components/route-error-boundary.tsx",
    "app/components/server-svg.tsx",
    "app/domain/format.ts",
    "app/domain/image-reference.ts",
    "app/domain/languages.ts",
    "app/domain/member-payload.ts",
    "app/i18n/translate.ts",
    "app/i18n/translation-context.tsx",
    { package: "react/cjs/react-jsx-runtime" },
    { package: "vite/preload-helper" },
  ],
  // Small modules always loaded together (decision 0015).
  // The form field and the form-check hook: every page with a form uses both.
  "form-kit": ["app/components/field.tsx", "app/components/use-form-check.ts"],
  // Every lazy form of the park and ride pages uses both: one name instead of two in those pages' preload lists.
  "page-forms": ["app/components/use-page-form-fetcher.ts", "app/domain/page-intents.ts"],
  // Every lazy review form and the review actions use both: apart, each adds its name to every page's preload lists.
  "rating-rules": ["app/domain/comment-limits.ts", "app/domain/rating-rules.ts"],
  // The contribution forms' shared fields (picture with its size limit, descriptions, opening year): the add-ride
  // form, "Ajouter un parc" and the edit suggestion use them together, and their three names in the park page's
  // preload list took room its first load no longer has (the ride figures stay apart: with them, "Ajouter un parc"
  // would load the ride rules).
  "contribute-fields": [
    "app/components/contribute/image-field.tsx",
    "app/components/contribute/shared-fields.tsx",
    "app/components/file-limits.ts",
    "app/domain/contribution-limits.ts",
  ],
  // The ride's declared fields and what reads them (decision 0051): apart, five names in the park page's add-ride
  // preload list. The modules they import that other pages use keep chunks of their own, else this one would take
  // them in.
  "catalogue-fields": [
    "app/domain/catalogue-field-checks.ts",
    "app/domain/park-fields.ts",
    "app/domain/ride-fields.ts",
    "app/domain/ride-form.ts",
    "app/components/contribute/ride-number-fields.tsx",
  ],
  "form-values": ["app/domain/form-values.ts"],
  // The search folding and the suggestions' hook: the home's search box uses both on its first load, in one chunk
  // instead of two; the park's ride filters and the top 10 editor, both loaded later, fold with it.
  search: ["app/components/use-search-suggestions.ts", "app/domain/search.ts"],
  // What the park and ride pages share on their first load: structured data, the login prompt, live updates.
  "catalogue-page": [
    "app/components/json-ld.tsx",
    "app/components/login-prompt.tsx",
    "app/components/use-live-revalidation.ts",
    "app/domain/live-topics.ts",
    "app/domain/return-path.ts",
  ],
  // The reviews' frame, which the park's and the ride's reviews share: on the ride page's first load, after the park
  // page's (its reviews are fetched after it, decision 0065). The park's scores (ride filters, audiences) left it with
  // the park's ride lists.
  "review-shell": [
    "app/components/ratings/more-reviews.tsx",
    "app/components/ratings/rating-summary.tsx",
    "app/components/ratings/review-shell.tsx",
    "app/components/ratings/vote-counts.tsx",
  ],
  // The park page's sections fetched after its first load (decision 0065): one request, one name in its list.
  // The park's scores stay apart (next group), else this chunk would take them in and the members' rating forms,
  // the ride page's too, would load it for them.
  "park-sections": [
    "app/components/park/park-ratings.tsx",
    "app/components/park/park-ride-lists.tsx",
    "app/components/park/ride-filters-form.tsx",
    "app/components/park/ride-grid.tsx",
    "app/components/ratings/park-reviews.tsx",
  ],
  "park-scores": ["app/domain/park-scores.ts"],
  // The home's and the park page's distances and near-me address: apart, since the ride forms' position rule
  // (location.ts) measures with it and would otherwise take it into the declared fields' chunk, and those pages
  // with it (decision 0083).
  distance: ["app/domain/distance.ts"],
  "ride-types": ["app/domain/ride-types.ts"],
  // The plan's members-only code: what the park's editor shares with the ride page's button (requests, plan rules)
  // would otherwise be a second name in the park page's lazy-import list.
  "visit-plan-editor": [
    "app/components/plan/add-ride-to-plan.ts",
    "app/components/plan/offline-copy.ts",
    "app/components/plan/plan-completion-dialog.tsx",
    "app/components/plan/plan-entry-item.tsx",
    "app/components/plan/plan-outbox.ts",
    "app/components/plan/plan-request.ts",
    "app/components/plan/plan-totals.tsx",
    "app/components/plan/use-child-height.ts",
    "app/components/plan/use-plan-store.ts",
    "app/components/plan/visit-plan-editor.tsx",
    "app/domain/plan-editing.ts",
    "app/domain/visit-plan.ts",
  ],
} satisfies Record<string, readonly ChunkMember[]>;

/** A project file, or a module of a package (matched by a part of its id). */
type ChunkMember = string | { package: string };

/** Every listed project file, with its chunk. */
export function listedFiles(): [file: string, chunk: string][] {
  return Object.entries(CHUNK_GROUPS).flatMap(([chunk, members]) =>
    members.flatMap((member: ChunkMember) => (typeof member === "string" ? [[member, chunk] as [string, string]] : [])),
  );
}

/** Every listed package module, with its chunk. */
export function listedPackageModules(): [part: string, chunk: string][] {
  return Object.entries(CHUNK_GROUPS).flatMap(([chunk, members]) =>
    members.flatMap((member: ChunkMember) => (typeof member === "string" ? [] : [[member.package, chunk] as [string, string]])),
  );
}
